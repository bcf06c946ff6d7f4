/** What the offline states say; apart from their components, so the app's shell can say it too. */
export const OFFLINE_TEXTS = {
  title: "You're offline",
  empty: "This list loads as soon as you're back online.",
  page: "This page loads as soon as you're back online.",
  stale: "You're offline. What you see may be out of date; it updates when you're back online.",
} as const;
