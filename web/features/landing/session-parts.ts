/*
 * The landing page as the build writes it (static-landing.tsx) is plain HTML with one small
 * script (landing-session.ts). The parts that depend on who is signed in carry a
 * data-session-part attribute; the build draws them once per kind of visitor into a <template>,
 * and the script swaps in the right one once the server has said who is signed in.
 */

/** Who the page is drawn for: a visitor, a signed-in student, the administrator. */
export type SessionVariant = "signed-out" | "student" | "admin";

export const SESSION_VARIANTS: readonly SessionVariant[] = ["signed-out", "student", "admin"];

/** The id of the <template> holding the session's parts for one kind of visitor. */
export const templateIdOf = (variant: SessionVariant) => `landing-session-${variant}`;

/** The text drawn where the signed-in user's name goes; the script puts the name in its place. */
export const NAME_SLOT = "{name}";

/**
 * Set on #root (data-session) when the server sent the page already drawn for a visitor, because
 * the request carried no session cookie: the script then has nothing to ask or swap.
 */
export const SIGNED_OUT_PAGE = "signed-out";
