/** Shared class strings for the landing page's link-buttons; 44 px minimum touch target on phones. */

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2";

/** Solid indigo button for light backgrounds. */
export const primaryButton = `${base} bg-indigo-700 text-white shadow-sm hover:bg-indigo-800 focus-visible:outline-indigo-700`;

/** Outlined button for light backgrounds. */
export const secondaryButton = `${base} border border-indigo-200 bg-white text-indigo-800 hover:border-indigo-300 hover:bg-indigo-50 focus-visible:outline-indigo-700`;

/** White button for the indigo call-to-action band. */
export const invertedButton = `${base} bg-white text-indigo-800 shadow-sm hover:bg-indigo-50 focus-visible:outline-white`;

/** Outlined button for the indigo call-to-action band. */
export const invertedOutlineButton = `${base} border border-white/70 text-white hover:bg-white/10 focus-visible:outline-white`;

/** Same width as the page's other bands, padded for a 360 px screen. */
export const container = "mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8";

/** Where the signed-in user's dashboard lives: administrators use the admin panel. */
export function dashboardPathFor(isAdmin: boolean): string {
  return isAdmin ? "/admin" : "/dashboard";
}
