/** Chat texts and limits the pages show; apart from the schemas so that showing them needs no zod. */

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
