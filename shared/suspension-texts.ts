/**
 * Suspensions as the student meets them: the refusal, the appeal, the lifting, the tab signed out.
 * Apart from the moderation texts, so the sign-in and appeal pages load only these; what the app
 * shell itself needs (SIGNED_OUT_TEXTS) is smaller still, in signed-out-texts.ts.
 */
import { SIGNED_OUT_TEXTS } from "./signed-out-texts";

export { SIGNED_OUT_TEXTS };

/** A reason as it reads inside a sentence: its own closing full stops dropped. */
function inSentence(reason: string): string {
  return reason.trim().replace(/\.+$/, "");
}

/**
 * The sign-in refusal of a suspended account, with its reason; the same words go by e-mail when the
 * suspension starts.
 */
export function suspendedSignInMessage(until: string | null, reason: string): string {
  const why = inSentence(reason);
  const what = until ? `Your account is suspended until ${until}` : "Your account is permanently suspended";
  return why ? `${what}: ${why}. You can appeal.` : `${what}. You can appeal.`;
}

/** Suspensions as the student meets them: the appeal, the lifting, and the tab signed out. */
export const SUSPENSION_TEXTS = {
  appeal: "Appeal",
  appealTitle: "Appeal your suspension",
  appealIntro: "Tell the Campus Bazaar team why your suspension should be lifted. We answer by e-mail.",
  appealLabel: "Your appeal",
  appealRequired: "Please tell us why.",
  send: "Send Appeal",
  sending: "Sending...",
  sent: (ticketId: string) =>
    `Your appeal was sent. Your ticket ID is ${ticketId}. We will answer by e-mail.`,
  duplicate: "You have already appealed this suspension.",
  expired: "This appeal form has expired. Sign in again to appeal.",
  noAppeal: "To appeal a suspension, sign in first: the sign-in page offers the appeal.",
  backToSignIn: "Back to sign in",
  rateLimited: "Too many appeals from here. Please try again later.",
  lifted: "Your suspension was lifted.",
  confirmLift: (name: string) => `Lift the suspension of ${name}? They can sign in again at once.`,
  suspensions: "Suspensions",
  noSuspensions: "No accounts are suspended.",
  appealHeading: "Appeal",
  noAppealYet: "No appeal yet.",
  signedOutSuspended: SIGNED_OUT_TEXTS.suspended,
  signedOutElsewhere: SIGNED_OUT_TEXTS["ended-elsewhere"],
} as const;

/** The purpose of the support ticket an appeal raises. */
export const APPEAL_PURPOSE = "Appeal";
