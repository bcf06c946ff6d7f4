import { z } from "zod";
import { EVENT_MESSAGES } from "../events-constants";
import { calendarDate } from "./calendar-date";
import { multiLine, singleLine, typedText } from "./text-rules";

// Re-exported for the server; the browser imports them from ../events-constants, without zod.
export { EVENT_MESSAGES } from "../events-constants";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const EventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
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
  createdAt: z.string(),
  /** How many students marked it 'Interested'. */
  interestedCount: z.number().int(),
  /** Whether the viewer marked it 'Interested'. */
  isInterested: z.boolean(),
  /** Active recruitment posts linked to it that still take members. */
  teamsCount: z.number().int(),
  /** Its end has passed: 'This event has ended'. */
  hasEnded: z.boolean(),
  /** When it ends: YYYY-MM-DD and HH:MM, India time. */
  endDate: z.string(),
  endTime: z.string(),
  /** 'Registration closes', YYYY-MM-DDTHH:MM India time, or null. */
  registrationCloses: z.string().nullable(),
  /** 'Cancel Event' was used: the card says 'Cancelled' with the reason. */
  isCancelled: z.boolean(),
  cancelReason: z.string().nullable(),
  /** The viewer may edit and cancel it (an organiser of its college, or the administrator). */
  canManage: z.boolean(),
});
export type CampusEvent = z.infer<typeof EventSchema>;

export const EventListResponseSchema = z.object({
  events: z.array(EventSchema),
  /** The college the viewer organises (they may post its events), or null. */
  organises: z.object({ college: z.string(), city: z.string() }).nullable(),
  /** The viewer's college and the path of its calendar feed ('Subscribe to {college} events'), or null. */
  feed: z.object({ college: z.string(), path: z.string() }).nullable(),
});
export type EventListResponse = z.infer<typeof EventListResponseSchema>;

export const EventsQuerySchema = z.object({
  college: z.string().max(200).optional(),
  city: z.string().max(100).optional(),
  date: calendarDate("Please choose a valid date.").optional(),
  search: z.string().max(100).optional(),
  /** On by default: events before now are hidden. */
  upcoming: z.enum(["true", "false"]).default("true"),
  /** 'Only events I'm interested in'. */
  interested: z.enum(["true", "false"]).default("false"),
  /** One event by id (a shared link), past or upcoming; the other filters are then ignored. */
  id: z.uuid("Event not found.").optional(),
});

export const EventParamsSchema = z.object({ id: z.uuid("Event not found.") });

export const EventInterestResponseSchema = z.object({
  interestedCount: z.number().int(),
  isInterested: z.boolean(),
});
export type EventInterestResponse = z.infer<typeof EventInterestResponseSchema>;

const required = (field: string, max = 200, lines: "single" | "multi" = "single") =>
  typedText(EVENT_MESSAGES.required(field))
    .refine((value) => value.trim().length > 0, EVENT_MESSAGES.required(field))
    .refine((value) => value.length <= max, `${field} must be at most ${max} characters.`)
    .refine(...(lines === "single" ? singleLine(field) : multiLine(field)));

const httpUrl = (message: string, field: string) =>
  typedText(message)
    .max(500, message)
    .refine(...singleLine(field))
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === "https:" || url.protocol === "http:";
      } catch {
        return false;
      }
    }, message);

/** The admin's event form: every field required; the registration URL only when its box is ticked. */
export const CreateEventBodySchema = z.object({
  title: required("Title"),
  organizer: required("Organizer"),
  date: calendarDate(EVENT_MESSAGES.required("Date")),
  time: z.string(EVENT_MESSAGES.required("Time")).regex(TIME, EVENT_MESSAGES.required("Time")),
  venue: required("Venue"),
  description: required("Description", 5000, "multi"),
  city: required("City", 100),
  college: required("College"),
  image: httpUrl(EVENT_MESSAGES.imageUrl, "Image URL"),
  registrationUrl: httpUrl(EVENT_MESSAGES.registrationUrl, "Registration URL").nullable(),
  /** When it ends; without them, two hours after the start. */
  endDate: calendarDate(EVENT_MESSAGES.required("End date")).optional(),
  endTime: z
    .string(EVENT_MESSAGES.required("End time"))
    .regex(TIME, EVENT_MESSAGES.required("End time"))
    .optional(),
  /** 'Registration closes': YYYY-MM-DDTHH:MM, India time. */
  registrationCloses: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, "Please choose when registration closes.")
    .nullable()
    .optional(),
});
export type CreateEventBody = z.infer<typeof CreateEventBodySchema>;

/** 'Cancel Event': the reason every interested student is told. */
export const CancelEventBodySchema = z.object({
  reason: typedText(EVENT_MESSAGES.reasonRequired)
    .refine((value) => value.trim().length > 0, EVENT_MESSAGES.reasonRequired)
    .refine((value) => value.length <= 300, "Reason must be at most 300 characters.")
    .refine(...singleLine("Reason")),
});
export type CancelEventBody = z.infer<typeof CancelEventBodySchema>;

export const EventResponseSchema = z.object({ event: EventSchema });
