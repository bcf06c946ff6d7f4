import { z } from "zod";
import { multiLine, singleLine } from "./text-rules";

export const ACADEMIC_YEARS = ["1st Year", "2nd Year", "3rd Year", "4th Year", "Any Year"] as const;
export type AcademicYear = (typeof ACADEMIC_YEARS)[number];

export const RECRUITMENT_SORTS = ["newest", "oldest", "size-asc", "size-desc"] as const;
export const RECRUITMENT_SORT_LABELS: Record<(typeof RECRUITMENT_SORTS)[number], string> = {
  newest: "Newest First",
  oldest: "Oldest First",
  "size-asc": "Team Size: Small to Large",
  "size-desc": "Team Size: Large to Small",
};

/** Posts per page of the Teammate Finder, as browse pages items. */
export const RECRUITMENT_PAGE_SIZE = 12;
/** Posts per page of the admin panel's Team Recruitment tab. */
export const ADMIN_RECRUITMENT_PAGE_SIZE = 50;

export const TEAM_SIZE_MIN = 1;
export const TEAM_SIZE_MAX = 20;

export const RECRUITMENT_MESSAGES = {
  purposeRequired: "Please enter the purpose of your team.",
  teamSize: `Team size must be between ${TEAM_SIZE_MIN} and ${TEAM_SIZE_MAX}.`,
  descriptionRequired: "Please describe what you are looking for.",
  deleteConfirm: "Are you sure you want to delete this recruitment post?",
  startFailed: "Failed to start conversation. Please try again.",
  ownPost: "You cannot message your own recruitment post.",
  notFound: "Recruitment post not found.",
  notYours: "You can only change your own recruitment posts.",
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} recruitment posts`,
} as const;

const text = (max: number) => z.string().max(max, `At most ${max} characters.`);

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
});
export type RecruitmentPost = z.infer<typeof RecruitmentPostSchema>;

export const RecruitmentQuerySchema = z.object({
  search: z.string().max(100).optional(),
  year: z.enum(ACADEMIC_YEARS).optional(),
  sort: z.enum(RECRUITMENT_SORTS).default("newest"),
  /** The recruiter's college. */
  college: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

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
