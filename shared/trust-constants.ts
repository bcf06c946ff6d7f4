/** Blocking and contact-privacy texts the pages show (issue 18's binding words); no zod needed. */

export const BLOCK_MESSAGES = {
  block: "Block",
  unblock: "Unblock",
  confirm: (name: string) =>
    `Block ${name}? They won't be able to message you, and you won't see their listings.`,
  /** The API's refusal of a chat start or a send between a blocked student and the blocker. */
  cannotMessage: "You can't message this user.",
  /** What a chat shows both members once one has blocked the other. */
  cannotReply: "You can't reply to this conversation.",
  cannotFollow: "You can't follow this user.",
  cannotBlockSelf: "You cannot block yourself.",
  blockedUsers: "Blocked users",
  noBlockedUsers: "You haven't blocked anyone.",
  blocked: (name: string) => `${name} is blocked.`,
  unblocked: (name: string) => `${name} is unblocked.`,
} as const;

export const MOBILE_VISIBILITIES = ["nobody", "chatting", "all"] as const;
export type MobileVisibility = (typeof MOBILE_VISIBILITIES)[number];
export const EMAIL_VISIBILITIES = ["nobody", "all"] as const;
export type EmailVisibility = (typeof EMAIL_VISIBILITIES)[number];

export const PRIVACY_MESSAGES = {
  heading: "Privacy",
  mobileQuestion: "Who can see my mobile number",
  emailQuestion: "Who can see my e-mail address",
  mobileHidden: "Mobile number hidden",
  emailHidden: "E-mail address hidden",
  saved: "Privacy settings saved.",
  shareNumber: "Share my number",
  noNumber: "Add a mobile number to your account before sharing it.",
  /** The message card's label for a shared number. */
  sharedNumber: "Mobile number",
  sharedNumberNotice: "Shared a mobile number",
  profileReadsLimited: "You are opening profiles too fast. Please wait a few minutes and try again.",
} as const;

export const MOBILE_VISIBILITY_LABELS: Record<MobileVisibility, string> = {
  nobody: "Nobody",
  chatting: "People I'm chatting with",
  all: "All students",
};
export const EMAIL_VISIBILITY_LABELS: Record<EmailVisibility, string> = {
  nobody: "Nobody",
  all: "All students",
};
