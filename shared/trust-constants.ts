/**
 * Blocking and contact-privacy texts (issue 18's binding words) and what the QR reader made of a
 * chat photo (the schema's check holds the same values); no zod needed. Each text the
 * pages show is its own export, so a page's bundle carries only the ones it shows; the server
 * and the tests use the two objects that gather them.
 */

export const BLOCK_LABEL = "Block";
export const UNBLOCK_LABEL = "Unblock";
export const blockConfirmText = (name: string) =>
  `Block ${name}? They won't be able to message you, and you won't see their listings.`;
/** What a chat shows both members once one has blocked the other. */
export const CANNOT_REPLY = "You can't reply to this conversation.";
export const BLOCKED_USERS_HEADING = "Blocked users";
export const NO_BLOCKED_USERS = "You haven't blocked anyone.";
export const blockedNote = (name: string) => `${name} is blocked.`;
export const unblockedNote = (name: string) => `${name} is unblocked.`;

export const BLOCK_MESSAGES = {
  block: BLOCK_LABEL,
  unblock: UNBLOCK_LABEL,
  confirm: blockConfirmText,
  /** The API's refusal of a chat start or a send between a blocked student and the blocker. */
  cannotMessage: "You can't message this user.",
  cannotReply: CANNOT_REPLY,
  cannotFollow: "You can't follow this user.",
  cannotBlockSelf: "You cannot block yourself.",
  blockedUsers: BLOCKED_USERS_HEADING,
  noBlockedUsers: NO_BLOCKED_USERS,
  blocked: blockedNote,
  unblocked: unblockedNote,
} as const;

/**
 * Who sees a student's mobile number besides the numbers they share (issue 36): 'shared', the
 * default, is nobody but the member of a chat where they chose 'Share my number' (in that chat) and
 * the viewers of an item where they ticked 'show my mobile number'; 'all' adds their profile, for
 * every student.
 */
export const MOBILE_VISIBILITIES = ["shared", "all"] as const;
export type MobileVisibility = (typeof MOBILE_VISIBILITIES)[number];
export const EMAIL_VISIBILITIES = ["nobody", "all"] as const;
export type EmailVisibility = (typeof EMAIL_VISIBILITIES)[number];

export { EMAIL_HIDDEN, MOBILE_HIDDEN } from "./contact-texts";

import { EMAIL_HIDDEN, MOBILE_HIDDEN } from "./contact-texts";
export const SHARE_NUMBER = "Share my number";
/** The confirmation before a number is sent to a chat, and its buttons. */
export const shareNumberConfirmText = (name: string) =>
  `Share your mobile number with ${name}? They will see it in this chat and can call you.`;
export const SHARE_NUMBER_CONFIRM = "Share";
/** The message card's label for a shared number. */
export const SHARED_NUMBER_LABEL = "Mobile number";
export const PRIVACY_HEADING = "Privacy";
export const MOBILE_QUESTION = "Who can see my mobile number";
/** Under the question: the two ways a number is shared whatever the choice. */
export const MOBILE_QUESTION_HINT =
  "'Share my number' in a chat shows it in that chat only. An item shows it only if you tick 'Show my mobile number to buyers' on it.";
export const EMAIL_QUESTION = "Who can see my e-mail address";
export const PRIVACY_SAVED = "Privacy settings saved.";

export const PRIVACY_MESSAGES = {
  heading: PRIVACY_HEADING,
  mobileQuestion: MOBILE_QUESTION,
  emailQuestion: EMAIL_QUESTION,
  mobileHidden: MOBILE_HIDDEN,
  emailHidden: EMAIL_HIDDEN,
  saved: PRIVACY_SAVED,
  shareNumber: SHARE_NUMBER,
  shareNumberConfirm: shareNumberConfirmText,
  noNumber: "Add a mobile number to your account before sharing it.",
  sharedNumber: SHARED_NUMBER_LABEL,
  /** What the chat list and the notification say instead of the number itself. */
  sharedNumberNotice: "Shared a mobile number",
  profileReadsLimited: "You are opening profiles too fast. Please wait a few minutes and try again.",
} as const;

export const MOBILE_VISIBILITY_LABELS: Record<MobileVisibility, string> = {
  shared: "Only people I share it with in a chat",
  all: "All students",
};

/** Told once (migration 0033) to each account that was on 'People I'm chatting with'. */
export const NUMBER_NOW_SHARED_NOTICE =
  "Your mobile number is now shared only when you choose 'Share my number' in a chat. Change this in Settings > Privacy.";
export const EMAIL_VISIBILITY_LABELS: Record<EmailVisibility, string> = {
  nobody: "Nobody",
  all: "All students",
};

/**
 * What the QR reader made of a chat photo: a QR code ('flagged'), none ('clean'), or no answer
 * ('unchecked': the reader timed out, failed or crashed). An unchecked photo is not called a scam,
 * but its recipient sees it blurred, like a flagged one, until they choose to show it.
 */
export const PHOTO_CHECKS = ["flagged", "unchecked", "clean"] as const;
export type PhotoCheck = (typeof PHOTO_CHECKS)[number];
