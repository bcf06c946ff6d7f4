import { z } from "zod";
import {
  MODERATION_ACTIONS,
  MODERATION_REASON_MAX_LENGTH,
  MODERATION_TEXTS,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
  REPORT_TEXTS,
  SUSPENSION_DURATIONS,
} from "../reports-constants";
import { multiLine, typedText } from "./text-rules";
import { TicketSchema } from "./tickets";

// Re-exported for the server; the browser imports them from ../reports-constants, without zod.
export * from "../reports-constants";

/** A student's report: what, why, and optional details. */
export const CreateReportBodySchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, "Please choose what to report."),
  targetId: z.uuid(REPORT_TEXTS.notFound),
  reason: z.enum(REPORT_REASONS, REPORT_TEXTS.reasonRequired),
  details: typedText()
    .max(REPORT_DETAILS_MAX_LENGTH, REPORT_TEXTS.detailsTooLong)
    .refine(...multiLine("Details"))
    .default(""),
});
export type CreateReportBody = z.input<typeof CreateReportBodySchema>;

export const CreateReportResponseSchema = z.object({
  report: z.object({ id: z.string(), createdAt: z.string() }),
  message: z.string(),
});

const EvidenceMessageSchema = z.object({
  id: z.string(),
  senderId: z.string(),
  senderName: z.string(),
  type: z.string(),
  text: z.string(),
  offerPrice: z.number().nullable(),
  createdAt: z.string(),
  isReported: z.boolean(),
});

/** The reported person as the moderator weighs them. */
export const ReportedUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  college: z.string(),
  createdAt: z.string(),
  emailVerified: z.boolean(),
  /** ISO end of a running suspension; null when permanent or not suspended (see isSuspended). */
  suspendedUntil: z.string().nullable(),
  isSuspended: z.boolean(),
  /** Reports of this person before, about anything, other than this target's open ones. */
  earlierReports: z.number().int(),
  /** Moderation actions taken on this person before, newest first. */
  earlierActions: z.array(z.object({ action: z.string(), reason: z.string(), createdAt: z.string() })),
});

/** One row of the queue: every open report of one target. */
export const ReportGroupSchema = z.object({
  /** The id of the oldest open report: actions name the group by it. */
  id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string(),
  reporterCount: z.number().int(),
  firstReportedAt: z.string(),
  reports: z.array(
    z.object({ id: z.string(), reason: z.string(), details: z.string(), createdAt: z.string() }),
  ),
  listing: z
    .object({
      id: z.string(),
      productName: z.string(),
      price: z.number(),
      productImage: z.string(),
      category: z.string(),
      isActive: z.boolean(),
    })
    .nullable(),
  /** The reported message with the messages around it, as kept when it was reported. */
  messages: z.array(EvidenceMessageSchema),
  /** The reported chat photo as kept (the administrator's only); null when the report kept none. */
  photoUrl: z.string().nullable(),
  /** Whether the listing or the message is still there to remove. */
  isContentPresent: z.boolean(),
  reportedUser: ReportedUserSchema.nullable(),
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

/** An account suspended now, with its reason and its appeal (a ticket of purpose 'Appeal'). */
export const SuspensionEntrySchema = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), college: z.string() }),
  reason: z.string(),
  startsAt: z.string(),
  /** null: permanently. */
  endsAt: z.string().nullable(),
  appeal: TicketSchema.nullable(),
});
export type SuspensionEntry = z.infer<typeof SuspensionEntrySchema>;

export const ReportQueueResponseSchema = z.object({
  /** Open report targets, open Safety Concerns tickets and open appeals. */
  openCount: z.number().int(),
  groups: z.array(ReportGroupSchema),
  safetyTickets: z.array(TicketSchema),
  /** The accounts suspended now, the latest first, each with its appeal beside it. */
  suspensions: z.array(SuspensionEntrySchema),
});
export type ReportQueueResponse = z.infer<typeof ReportQueueResponseSchema>;

const reasonText = typedText(MODERATION_TEXTS.reasonRequired)
  .refine((value) => value.trim().length > 0, MODERATION_TEXTS.reasonRequired)
  .refine(
    (value) => value.length <= MODERATION_REASON_MAX_LENGTH,
    `At most ${MODERATION_REASON_MAX_LENGTH} characters.`,
  )
  .refine(...multiLine("The reason"));

export const ModerationActionBodySchema = z.object({
  action: z.enum(MODERATION_ACTIONS, "Please choose an action."),
  reason: reasonText,
  /** Only with 'suspend'. */
  duration: z.enum(SUSPENSION_DURATIONS, "Please choose how long.").optional(),
});
export type ModerationActionBody = z.infer<typeof ModerationActionBodySchema>;

export const ModerationActionResponseSchema = z.object({ resolved: z.number().int(), message: z.string() });
