/** Class strings for buttons and button-like links; 44 px touch targets, indigo brand. */

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";

export const primaryButton = `${base} bg-indigo-700 text-white shadow-sm hover:bg-indigo-800 disabled:hover:bg-indigo-700`;

export const dangerButton = `${base} bg-red-700 text-white shadow-sm hover:bg-red-800 disabled:hover:bg-red-700`;

export const secondaryButton = `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:hover:bg-white`;

export const ghostButton = `${base} text-slate-700 hover:bg-slate-100`;

/**
 * A link in running text. Its box reaches 44 px tall for a finger (padding above and below the
 * line, taken back by negative margins), without moving the text around it.
 */
export const textLink = "-my-3.5 py-3.5 font-semibold text-indigo-700 underline-offset-2 hover:underline";
