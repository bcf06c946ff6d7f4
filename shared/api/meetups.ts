import { z } from "zod";
import {
  MEETUP_MESSAGES,
  MEETUP_SPOT_DIRECTIONS_MAX,
  MEETUP_SPOT_NAME_MAX,
  MEETUP_SPOT_STATUSES,
  MEETUP_STATUSES,
} from "../meetups-constants";
import { MessageSchema } from "./chats";
import { singleLine, typedText } from "./text-rules";

export { MEETUP_MESSAGES, MEETUP_TEXTS } from "../meetups-constants";

/** A spot's name and its one line of directions, as a student suggests it or the administrator keeps it. */
export const MeetupSpotBodySchema = z.object({
  name: typedText()
    .trim()
    .min(1, MEETUP_MESSAGES.spotName)
    .max(MEETUP_SPOT_NAME_MAX, `A spot's name has ${MEETUP_SPOT_NAME_MAX} characters or fewer.`)
    .refine(...singleLine("The spot's name")),
  directions: typedText()
    .trim()
    .min(1, MEETUP_MESSAGES.spotDirections)
    .max(MEETUP_SPOT_DIRECTIONS_MAX, `Directions have ${MEETUP_SPOT_DIRECTIONS_MAX} characters or fewer.`)
    .refine(...singleLine("Directions")),
});
export type MeetupSpotBody = z.infer<typeof MeetupSpotBodySchema>;

/** 'Suggest a spot': a student's suggestion for a college, kept until the administrator approves it. */
export const MeetupSpotSuggestionBodySchema = MeetupSpotBodySchema.extend({
  collegeId: z.uuid(MEETUP_MESSAGES.collegeNotFound),
});

export const MeetupSpotSchema = z.object({
  id: z.string(),
  collegeId: z.string(),
  name: z.string(),
  directions: z.string(),
});
export type MeetupSpot = z.infer<typeof MeetupSpotSchema>;

/** A spot as the Colleges tab lists it: its college, and whether it waits for approval. */
export const AdminMeetupSpotSchema = MeetupSpotSchema.extend({
  collegeName: z.string(),
  city: z.string(),
  status: z.enum(MEETUP_SPOT_STATUSES),
  createdAt: z.string(),
});
export type AdminMeetupSpot = z.infer<typeof AdminMeetupSpotSchema>;

export const AdminMeetupSpotsResponseSchema = z.object({ spots: z.array(AdminMeetupSpotSchema) });

/** 'Suggest a meetup': a spot of the chat's and a time at least 30 minutes ahead (checked on the server). */
export const ProposeMeetupBodySchema = z.object({
  clientId: z.string().min(8).max(64),
  spotId: z.uuid(MEETUP_MESSAGES.spotNotFound),
  startsAt: z.iso.datetime({ offset: true, message: MEETUP_MESSAGES.badTime }),
});
export type ProposeMeetupBody = z.infer<typeof ProposeMeetupBodySchema>;

export const MeetupSchema = z.object({
  /** The meetup card's message shares this id. */
  id: z.string(),
  chatId: z.string(),
  proposerId: z.string(),
  spot: z.object({ name: z.string(), directions: z.string() }),
  startsAt: z.string(),
  status: z.enum(MEETUP_STATUSES),
  abilities: z.object({ canAccept: z.boolean(), canSuggestAnother: z.boolean() }),
});
export type Meetup = z.infer<typeof MeetupSchema>;

/**
 * A chat's meetups, newest first, and the spots to pick from: the item's college's first, then the
 * buyer's; with the two colleges a spot may be suggested for.
 */
export const ChatMeetupsResponseSchema = z.object({
  meetups: z.array(MeetupSchema),
  spots: z.array(MeetupSpotSchema),
  colleges: z.array(z.object({ id: z.string(), name: z.string(), city: z.string() })),
  canPropose: z.boolean(),
});
export type ChatMeetupsResponse = z.infer<typeof ChatMeetupsResponseSchema>;

/** 'Suggest a meetup' answers the card's message and the meetup. */
export const MessageOfMeetupSchema = z.object({ message: MessageSchema, meetup: MeetupSchema });
