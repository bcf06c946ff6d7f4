/**
 * The live socket's numbers both sides use, apart from the frame schemas (shared/live-events.ts)
 * so that a page reading a close code does not download the validator.
 */

// Close codes of the live socket, and what the browser does on each.
/** The server is stopping: reconnect, and another instance answers. */
export const CLOSE_GOING_AWAY = 1001;
/** The server could not read the socket's events: reconnect. */
export const CLOSE_DELIVERY_FAILED = 1011;
/** The session has ended (signed out here or elsewhere): sign in again, no reconnect. */
export const CLOSE_SESSION_ENDED = 4001;
/**
 * Why a session ended, sent as the close reason with CLOSE_SESSION_ENDED so that the tab can say
 * it on the sign-in page: the account was suspended, or signed out from another device (Settings'
 * session list, a password change there). Any other reason (a sign-out in this browser) says nothing.
 */
export const SESSION_END_REASONS = ["suspended", "ended-elsewhere"] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/**
 * Too many live sockets for one account: the oldest was closed for the newest. The tab it served
 * waits until it is shown again before reconnecting, so two tabs never take turns closing each other.
 */
export const CLOSE_TOO_MANY_FOR_USER = 4029;
/** Too many live sockets from one address: the newest was refused. The tab does not retry by itself. */
export const CLOSE_TOO_MANY_FOR_ADDRESS = 4030;

/** How many missed events a reconnecting client is replayed before it is told to refetch. */
export const LIVE_REPLAY_LIMIT = 500;
/** Live sockets one account may hold on one instance: a student's tabs and devices. */
export const LIVE_SOCKETS_PER_USER = 10;
/** The largest frame a client may send (clients only listen; anything larger closes the socket). */
export const LIVE_CLIENT_FRAME_MAX_BYTES = 4096;
