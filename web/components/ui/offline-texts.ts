/** What the offline states say; apart from their components, so the app's shell can say it too. */
export const OFFLINE_TEXTS = {
  title: "You're offline",
  empty: "This list loads as soon as you're back online.",
  page: "This page loads as soon as you're back online.",
  stale: "You're offline. What you see may be out of date; it updates when you're back online.",
  /** Over what was last loaded, with when ('2:30 pm' today, '23 Nov, 2:30 pm' before). */
  savedAt: (time: string) => `Offline. Showing what you saw at ${time}.`,
} as const;
