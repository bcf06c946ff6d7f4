import { z } from "zod";
import { SESSIONS_MESSAGES } from "../validation/sessions";

/** One signed-in device of the user, as Settings lists it. */
export const DeviceSessionSchema = z.object({
  /** The session's public id: neither its cookie nor the cookie's hash. */
  id: z.uuid(),
  /** From the browser's user agent, e.g. "Chrome on Android"; "Unknown device" when unreadable. */
  device: z.string(),
  /** Masked when recorded: "203.0.113.x", or the first groups of an IPv6 address; "" when unknown. */
  address: z.string(),
  signedInAt: z.string(),
  /** Recorded every few minutes of use, not on every request. */
  lastUsedAt: z.string(),
  /** The session of the request that asked. */
  isCurrent: z.boolean(),
});
export type DeviceSession = z.infer<typeof DeviceSessionSchema>;

/** The current session first, then the most recently used. */
export const DeviceSessionsResponseSchema = z.object({ sessions: z.array(DeviceSessionSchema) });
export type DeviceSessionsResponse = z.infer<typeof DeviceSessionsResponseSchema>;

export const DeviceSessionParamsSchema = z.object({ id: z.uuid(SESSIONS_MESSAGES.notFound) });

export const EndedSessionsResponseSchema = z.object({ ended: z.number().int().min(0) });
export type EndedSessionsResponse = z.infer<typeof EndedSessionsResponseSchema>;
