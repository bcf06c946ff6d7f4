/** Chat texts and limits the pages show; apart from the schemas so that showing them needs no zod. */

/** What a chat is about: an item, or a recruitment post. */
export const CHAT_KINDS = ["item", "recruitment"] as const;

/**
 * A message's kind. "number": the sender shared their mobile number (in text), by their own
 * choice. "system" is a line about the deal ('This item is now reserved.'), not a member's words.
 * "meetup": a meetup card (issue 38), its spot and time in the meetups row of the same id.
 */
export const MESSAGE_TYPES = [
  "text",
  "offer",
  "recruitment_inquiry",
  "photo",
  "number",
  "system",
  "meetup",
] as const;

/**
 * What a notification is about. 'offer': a new offer or counter to answer; 'deal': a deal's change
 * (an offer's answer, a reservation, a sale, a rating prompt).
 */
export const NOTIFICATION_TYPES = [
  "message",
  "offer",
  "deal",
  "recruitment_message",
  "admin",
  "listing",
  "event_reminder",
  "team_request",
  /** An event the student is interested in moved or was cancelled. */
  "event_update",
] as const;

export const CHAT_MESSAGES = {
  startFailed: "Failed to start chat. Please try again.",
  ownItem: "You cannot start a chat about your own item.",
  notMember: "You are not part of this conversation.",
  chatNotFound: "Conversation not found.",
  emptyText: "Please type a message.",
  badOffer: "Please enter an offer of at least ₹1 in whole rupees.",
  noConversations: "No conversations yet.",
  startChatting: "Start chatting",
  noNotifications: "No notifications yet.",
  badPhoto: "Please choose a photo to send.",
  photoNotice: "Photo",
  photoFailed: "The photo could not be sent. Please try again.",
} as const;

export const MESSAGE_MAX_LENGTH = 2000;
export const THREAD_PAGE_SIZE = 200;

/**
 * The scam guard's texts (issue 18, binding): the warning a recipient sees under a flagged message,
 * with its Report button, and the safety card that opens a first conversation with someone.
 */
export const CHAT_SAFETY_TEXTS = {
  scamWarning:
    "Be careful: you never need to scan a QR code or enter your UPI PIN to receive money. Meet on campus and pay on handover.",
  report: "Report",
  safetyCard:
    "Meet in a public place on campus. Check the item before you pay. Never share OTPs or your UPI PIN.",
  /** Over a blurred photo that holds a QR code, until its recipient chooses to see it. */
  photoFlagged: "This photo shows a QR code.",
  /** Over a blurred photo the scam guard could not read to the end (it timed out or failed). */
  photoUnchecked: "We could not check this photo.",
  showPhoto: "Tap to show",
} as const;
