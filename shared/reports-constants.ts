/** Reports and moderation: texts and limits the pages show, apart from the schemas (no zod). */
import { CAMPUS_TIME_ZONE } from "./constants";
import { REPORT_ACTION } from "./report-action";

export { APPEAL_PURPOSE, SUSPENSION_TEXTS, suspendedSignInMessage } from "./suspension-texts";

export { REPORT_ACTION };

export const REPORT_TARGET_TYPES = ["listing", "user", "message", "rating"] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = [
  "Scam or fraud",
  "Prohibited item",
  "Harassment or hate",
  "Fake profile",
  "Spam",
  "Something else",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_DETAILS_MAX_LENGTH = 500;
/** The reason an administrator gives with an action, sent to the user. */
export const MODERATION_REASON_MAX_LENGTH = 500;

export const MODERATION_ACTIONS = ["dismiss", "remove", "warn", "suspend"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const SUSPENSION_DURATIONS = ["7d", "30d", "permanent"] as const;
export type SuspensionDuration = (typeof SUSPENSION_DURATIONS)[number];
export const SUSPENSION_DAYS: Record<Exclude<SuspensionDuration, "permanent">, number> = {
  "7d": 7,
  "30d": 30,
};

export const REPORT_TEXTS = {
  action: REPORT_ACTION,
  title: {
    listing: "Report this listing",
    user: "Report this user",
    message: "Report this message",
    rating: "Report this review",
  },
  reasonLegend: "Reason",
  details: "Details",
  send: "Send Report",
  sending: "Sending...",
  sent: "Thanks. Our team will review this.",
  duplicate: "You have already reported this.",
  reasonRequired: "Please choose a reason.",
  detailsTooLong: `Details can be at most ${REPORT_DETAILS_MAX_LENGTH} characters.`,
  ownListing: "You cannot report your own listing.",
  self: "You cannot report yourself.",
  ownMessage: "You cannot report your own message.",
  /** A line the app wrote about the deal ('This item is now reserved.') is nobody's message. */
  automaticLine: "This is an automatic line about the deal, not a message from the seller.",
  notFound: "We could not find what you are reporting.",
  rateLimited: "You have sent many reports recently. Please wait a while before sending another.",
} as const;

/** What the reporter is told when the administrator closes their report. */
export const REPORT_OUTCOME_TEXTS = {
  listingRemoved: "We removed the listing you reported.",
  ratingRemoved: "We removed the review you reported.",
  noViolation: "We reviewed your report and found no violation.",
  accountActioned: "We took action on the account you reported.",
} as const;

export const MODERATION_TEXTS = {
  tab: "Reports",
  openReports: (count: number) => `Open Reports (${count})`,
  empty: "No open reports.",
  dismiss: "Dismiss",
  remove: "Remove Content",
  warn: "Warn User",
  suspend: "Suspend User",
  liftSuspension: "Lift Suspension",
  reasonLabel: "Reason (sent to the user)",
  reasonRequired: "Please give a reason.",
  durationLabel: "Suspend for",
  durations: { "7d": "7 days", "30d": "30 days", permanent: "Permanently" } as Record<string, string>,
  done: "Done. The user has been told.",
  alreadyClosed: "These reports were already handled.",
  nothingToRemove: "Only a listing or a message can be removed.",
  contentGone: "The content is already gone.",
  cannotModerateAdmin: "The administrator account cannot be moderated.",
  notSuspended: "This user is not suspended.",
  suspensionLifted: "Suspension lifted.",
  safetyTickets: "Safety Concerns tickets",
  reportedPhoto: "The reported photo, as kept",
  photoNotFound: "This report keeps no photo.",
  // What the reported user is told.
  listingRemovedNotice: (name: string, reason: string) => `Your listing "${name}" was removed: ${reason}`,
  messageRemovedNotice: (reason: string) => `A message you sent was removed: ${reason}`,
  ratingRemovedNotice: (reason: string) => `A review you wrote was removed: ${reason}`,
  warningNotice: (reason: string) => `Warning from the Campus Bazaar team: ${reason}`,
  suspendedNotice: (until: string | null, reason: string) =>
    until
      ? `Your account is suspended until ${until}: ${reason}`
      : `Your account is permanently suspended: ${reason}`,
} as const;

/** A suspension's end as people read it: '1 Dec 2026', in India's calendar. */
export function formatSuspensionEnd(date: Date): string {
  return new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: CAMPUS_TIME_ZONE,
  }).format(date);
}
