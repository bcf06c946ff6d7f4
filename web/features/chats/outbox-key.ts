/** Where the outbox (./outbox.ts) keeps an account's unsent messages, apart so the layout can look cheaply. */
export const outboxStorageKey = (userId: string) => `campus-bazaar:outbox:${userId}`;
