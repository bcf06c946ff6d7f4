import { z } from "zod";
import {
  ACADEMIC_YEARS,
  type AcademicYear,
  RECRUITMENT_MESSAGES,
  RECRUITMENT_PAGE_SIZE,
  RECRUITMENT_SORTS,
  TEAM_SIZE_MAX,
  TEAM_SIZE_MIN,
} from "../recruitment-constants";
import { TEAM_MESSAGES, TEAM_REQUEST_NOTE_MAX, TEAM_REQUEST_STATUSES } from "../team-constants";
import { multiLine, singleLine, typedText } from "./text-rules";

// Re-exported for the server; the browser imports them from ../recruitment-constants, without zod.
export {
  ACADEMIC_YEARS,
  type AcademicYear,
  ADMIN_RECRUITMENT_PAGE_SIZE,
  RECRUITMENT_MESSAGES,
  RECRUITMENT_PAGE_SIZE,
  RECRUITMENT_SORT_LABELS,
  RECRUITMENT_SORTS,
  TEAM_SIZE_MAX,
  TEAM_SIZE_MIN,
} from "../recruitment-constants";
export {
  TEAM_ASK_AGAIN_HOURS,
  TEAM_MESSAGES,
  TEAM_PENDING_MAX,
  TEAM_REQUEST_NOTE_MAX,
  TEAM_REQUEST_STATUSES,
} from "../team-constants";

const text = (max: number) => typedText().max(max, `At most ${max} characters.`);

export const RecruitmentInputSchema = z.object({
  purpose: text(200)
    .refine((value) => value.trim().length > 0, RECRUITMENT_MESSAGES.purposeRequired)
    .refine(...singleLine("The purpose")),
  maxStudents: z
    .number(RECRUITMENT_MESSAGES.teamSize)
    .int(RECRUITMENT_MESSAGES.teamSize)
    .min(TEAM_SIZE_MIN, RECRUITMENT_MESSAGES.teamSize)
    .max(TEAM_SIZE_MAX, RECRUITMENT_MESSAGES.teamSize),
  event: text(200).refine(...singleLine("The event")),
  qualities: text(1000).refine(...multiLine("The skills")),
  /** No year chosen means ['Any Year']. */
  years: z.array(z.enum(ACADEMIC_YEARS)).max(ACADEMIC_YEARS.length),
  description: text(5000)
    .refine((value) => value.trim().length > 0, RECRUITMENT_MESSAGES.descriptionRequired)
    .refine(...multiLine("The description")),
  /** One of the upcoming events ('Linked event'); none when absent or null. */
  eventId: z.uuid(TEAM_MESSAGES.linkedEventGone).nullable().optional(),
});
export type RecruitmentInput = z.infer<typeof RecruitmentInputSchema>;

/** What the viewer may do with a recruitment post, from the server's recruitment policy. */
export const RecruitmentAbilitiesSchema = z.object({
  /** The recruiter. */
  canEdit: z.boolean(),
  /** The recruiter. */
  canDelete: z.boolean(),
  /** Anyone but the recruiter. */
  canMessage: z.boolean(),
  /** Anyone but the recruiter, while the team takes members and they hold no open request. */
  canRequest: z.boolean(),
  /** The recruiter: sees the requests, accepts, declines and removes members. */
  canManageRequests: z.boolean(),
});
export type RecruitmentAbilities = z.infer<typeof RecruitmentAbilitiesSchema>;

export const RecruitmentPostSchema = z.object({
  id: z.string(),
  recruiterId: z.string(),
  recruiterName: z.string(),
  recruiterCollege: z.string(),
  purpose: z.string(),
  maxStudents: z.number().int(),
  event: z.string(),
  qualities: z.string(),
  years: z.array(z.string()),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: RecruitmentAbilitiesSchema,
  eventId: z.string().nullable(),
  /** The linked event's title, while it exists. */
  eventTitle: z.string().nullable(),
  /** Its event was cancelled and the link removed: the card says 'The event was cancelled.' */
  eventCancelled: z.boolean(),
  /** Accepted members: 'Team: Asha, Rohan'. */
  members: z.array(z.object({ id: z.string(), name: z.string() })),
  /** '{accepted} of {maxStudents} spots filled'. */
  acceptedCount: z.number().int(),
  isFull: z.boolean(),
  /** Pending requests, for the recruiter ('Requests (3)'); 0 for everyone else. */
  pendingCount: z.number().int(),
  /**
   * The viewer's own open (pending or accepted) request, if any; else one declined, or a removal,
   * within TEAM_ASK_AGAIN_HOURS, while the viewer may not ask again.
   */
  myRequest: z
    .object({ id: z.string(), status: z.enum(["pending", "accepted", "declined", "removed"]) })
    .nullable(),
});
export type RecruitmentPost = z.infer<typeof RecruitmentPostSchema>;

export const RecruitmentQuerySchema = z.object({
  search: z.string().max(100).optional(),
  year: z.enum(ACADEMIC_YEARS).optional(),
  sort: z.enum(RECRUITMENT_SORTS).default("newest"),
  /** The recruiter's college. */
  college: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** 'Show full teams': off by default, so full teams leave the list. */
  showFull: z.enum(["true", "false"]).default("false"),
  /** The posts linked to one event ('Teams looking for members'). */
  eventId: z.uuid("Event not found.").optional(),
  /** One post by id (a notification's link), even a full team; the other filters are then ignored. */
  id: z.uuid("Recruitment post not found.").optional(),
  /**
   * 'My teams': the teams the viewer recruits for or is a member of, full ones included; the other
   * filters but the sort are then ignored.
   */
  mine: z.enum(["true", "false"]).default("false"),
});

export const TeamRequestBodySchema = z.object({
  note: typedText()
    .max(TEAM_REQUEST_NOTE_MAX, TEAM_MESSAGES.noteTooLong)
    .refine(...multiLine("The note"))
    .default(""),
});

export const TeamRequestSchema = z.object({
  id: z.string(),
  postId: z.string(),
  requesterId: z.string(),
  requesterName: z.string(),
  /** The requester's college as their profile has it; their profile is /profile/{requesterId}. */
  requesterCollege: z.string(),
  note: z.string(),
  status: z.enum(TEAM_REQUEST_STATUSES),
  createdAt: z.string(),
});
export type TeamRequest = z.infer<typeof TeamRequestSchema>;
export const TeamRequestResponseSchema = z.object({ request: TeamRequestSchema });
export const TeamRequestListResponseSchema = z.object({ requests: z.array(TeamRequestSchema) });

/** One page of the posts matching the filters, newest first unless sorted otherwise. */
export const RecruitmentListResponseSchema = z.object({
  posts: z.array(RecruitmentPostSchema),
  /** All active posts, whatever the filters: the Y of 'Showing X of Y'. */
  total: z.number().int(),
  /** The posts matching the filters, on every page. */
  matching: z.number().int(),
  page: z.number().int(),
  pageSize: z.literal(RECRUITMENT_PAGE_SIZE),
  /** At least 1, so an empty list is page 1 of 1. */
  totalPages: z.number().int(),
});
export type RecruitmentListResponse = z.infer<typeof RecruitmentListResponseSchema>;
export const RecruitmentPostResponseSchema = z.object({ post: RecruitmentPostSchema });

/** The years as stored: the chosen ones, or ['Any Year'] when none is chosen. */
export function normaliseYears(years: readonly AcademicYear[]): AcademicYear[] {
  const unique = [...new Set(years)];
  return unique.length === 0 ? ["Any Year"] : unique;
}
