export interface UnreadCounts {
  notifications: number;
  messages: number;
}

/**
 * Unread notifications and messages for the navigation badges. Zero for now: messaging and
 * notifications (a later piece of work) will feed these counts from the live socket.
 */
export function useUnreadCounts(): UnreadCounts {
  return { notifications: 0, messages: 0 };
}
