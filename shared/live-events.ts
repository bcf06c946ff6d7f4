import * as z from "zod/mini";
import {
  ChatDeliveredSchema,
  ChatReadSchema,
  MessageSchema,
  NotificationSchema,
  OfferStateSchema,
  UnreadCountsSchema,
} from "./api/live-payloads";

/**
 * Everything the live socket at /api/live sends, as one schema: the server builds its frames
 * through these types and the browser parses each frame with it, dropping what does not fit.
 * A frame is JSON text; numbered events are `{ seq, type, data }`, numbered per user without gaps
 * (docs/decisions/004), so a reconnecting client resumes with `?after=<seq>`.
 * Written with zod/mini: every signed-in page loads this parser as its socket opens, and zod/mini
 * brings only the parts of the validator these schemas use (shared/api/live-payloads.ts).
 */

const seq = z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER));

/** Each numbered event by name, with its payload. */
export const LiveEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("message.created"), data: z.object({ message: MessageSchema }) }),
  /** The administrator removed a message after a report: it leaves the thread. */
  z.object({
    type: z.literal("message.removed"),
    data: z.object({ chatId: z.string(), messageId: z.string() }),
  }),
  /**
   * An offer's state changed (answered, countered, withdrawn, replaced by a newer offer, closed by
   * the sale, expired): the open thread shows it from this frame, with no fetch.
   */
  z.object({
    type: z.literal("offer.updated"),
    data: z.object({ chatId: z.string(), messageId: z.string(), offer: OfferStateSchema }),
  }),
  /**
   * The deal of an item chat changed: the item was reserved (an offer accepted), released, sold
   * or rated. The thread (its header's badge, its 'Make Offer' and 'Rate' buttons) is fetched again.
   */
  z.object({ type: z.literal("deal.updated"), data: z.object({ chatId: z.string() }) }),
  /** The chat list's order or last message changed. */
  z.object({ type: z.literal("chat.updated"), data: z.object({ chatId: z.string() }) }),
  /** A member opened the chat: the other member's messages up to readAt are 'Seen'. */
  z.object({ type: z.literal("chat.read"), data: ChatReadSchema }),
  /** A member's device received the chat (live, or by fetching it): the other's ticks turn double. */
  z.object({ type: z.literal("chat.delivered"), data: ChatDeliveredSchema }),
  z.object({ type: z.literal("notification.created"), data: z.object({ notification: NotificationSchema }) }),
  z.object({ type: z.literal("notification.read"), data: z.object({ ids: z.array(z.string()) }) }),
  /** The two badges after a change. */
  z.object({ type: z.literal("counts"), data: UnreadCountsSchema }),
  /**
   * The user blocked or unblocked another student (userId): the chats with them (canSend) and
   * their listings are fetched again. Only the blocker's own tabs get it: the blocked student is
   * sent nothing that would name who blocked them.
   */
  z.object({ type: z.literal("block.changed"), data: z.object({ userId: z.string() }) }),
  /** A support ticket of the user changed status (the admin resolved or rejected it). */
  z.object({
    type: z.literal("ticket.updated"),
    data: z.object({ ticketId: z.string(), status: z.string() }),
  }),
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;
export type LiveEventType = LiveEvent["type"];

/** A numbered event as the socket sends it. */
export type LiveEventFrame = { seq: number } & LiveEvent;

/** What only the server says about the numbering itself. */
const ControlFrameSchema = z.discriminatedUnion("type", [
  /** First frame: the newest seq the server has for this user. */
  z.object({ type: z.literal("hello"), seq }),
  /** Too much was missed to replay: refetch everything, then continue from seq. */
  z.object({ type: z.literal("resync"), seq }),
]);

/** A numbered event, or the greeting and resync that frame the numbering. */
export const LiveFrameSchema = z.discriminatedUnion("type", [
  ...ControlFrameSchema.def.options,
  ...LiveEventSchema.def.options.map((option) => z.extend(option, { seq })),
]);
export type LiveFrame = z.infer<typeof LiveFrameSchema>;

/** Shared lists changed for everyone; not numbered, since a reconnecting client refetches anyway. */
export const BroadcastFrameSchema = z.object({ type: z.enum(["events.changed", "recruitment.changed"]) });
export type BroadcastFrame = z.infer<typeof BroadcastFrameSchema>;
export type BroadcastTopic = BroadcastFrame["type"];

/** Everything the live socket sends. */
export const SocketFrameSchema = z.union([LiveFrameSchema, BroadcastFrameSchema]);
export type SocketFrame = LiveFrame | BroadcastFrame;
