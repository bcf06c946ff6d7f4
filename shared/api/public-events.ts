import { z } from "zod";

/**
 * What anyone may read of an event without signing in (its page at /events/{id}, a shared link):
 * what the poster says and how many are interested. Nothing about who is interested, and no
 * viewer's own 'Interested', so the answer is the same for every visitor and may be cached.
 */
export const PublicEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** The organiser as the poster names them (a club, a council). */
  organizer: z.string(),
  venue: z.string(),
  college: z.string(),
  city: z.string(),
  /** YYYY-MM-DD, India's calendar. */
  date: z.string(),
  /** HH:MM, 24-hour, India time. */
  time: z.string(),
  image: z.string(),
  registrationUrl: z.string().nullable(),
  interestedCount: z.number().int(),
  hasEnded: z.boolean(),
  /** 'Cancel Event': the page stays, saying so with the organiser's reason (told to everyone interested). */
  isCancelled: z.boolean(),
  cancelReason: z.string().nullable(),
});
export type PublicEvent = z.infer<typeof PublicEventSchema>;

export const PublicEventResponseSchema = z.object({ event: PublicEventSchema });
