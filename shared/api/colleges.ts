import { z } from "zod";
import {
  CITY_NAME_MAX_LENGTH,
  COLLEGE_NAME_MAX_LENGTH,
  COLLEGE_NAME_MIN_LENGTH,
  COLLEGE_REQUEST_STATUSES,
  COLLEGE_REQUEST_TEXTS,
} from "../college-requests";
import { characterCount, sanitiseField } from "../validation/signup";
import { singleLine, typedText } from "./text-rules";

export const CollegesResponseSchema = z.object({
  cities: z.array(
    z.object({
      city: z.string(),
      colleges: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
});
export type CollegesResponse = z.infer<typeof CollegesResponseSchema>;

/** The picker's and the Colleges tab's messages (issue 37). */
export const COLLEGE_MESSAGES = {
  queryRequired: "Type part of a college's name, its city or a short name such as IITB.",
  queryTooLong: "Search with 100 characters or fewer.",
  aliasRequired: "Please enter a short name.",
  aliasTooLong: "A short name has 60 characters or fewer.",
  aliasOneLine: "A short name fits on one line.",
  aliasTaken: (alias: string) => `This college already has the short name ${alias}.`,
  aliasNotFound: "This college has no such short name.",
  searchLimited: "Too many searches. Please try again in a few minutes.",
} as const;

/** GET /api/colleges/search?q=: any word of a name, its city or a short name. */
export const CollegeSearchQuerySchema = z.object({
  q: z.string().trim().min(1, COLLEGE_MESSAGES.queryRequired).max(100, COLLEGE_MESSAGES.queryTooLong),
});

/**
 * The matches, best first: names or cities starting with the query, then names with a word
 * starting with each word of it, then short names; alphabetical by city and name within each.
 */
export const CollegeSearchResponseSchema = z.object({
  colleges: z.array(
    z.object({
      id: z.string(),
      city: z.string(),
      name: z.string(),
      /** The short name that matched, when only a short name did. */
      alias: z.string().optional(),
    }),
  ),
});
export type CollegeSearchResponse = z.infer<typeof CollegeSearchResponseSchema>;

export const CollegeAliasBodySchema = z.object({
  alias: z
    .string()
    .trim()
    .min(1, COLLEGE_MESSAGES.aliasRequired)
    .max(60, COLLEGE_MESSAGES.aliasTooLong)
    .regex(/^[^\p{Cc}\p{Cf}\u2028\u2029]+$/u, COLLEGE_MESSAGES.aliasOneLine)
    .transform((alias) => alias.replace(/\s+/g, " ")),
});
export type CollegeAliasBody = z.input<typeof CollegeAliasBodySchema>;

export const CollegeAliasSchema = z.object({ alias: z.string(), collegeId: z.string() });
export const CollegeAliasesResponseSchema = z.object({ aliases: z.array(CollegeAliasSchema) });
export type CollegeAliasesResponse = z.infer<typeof CollegeAliasesResponseSchema>;

/** Sign-up's own sanitising (the characters < > " ' & go, spaces trimmed), then runs of spaces as one. */
const tidyName = (value: string) => sanitiseField(value).replace(/\s+/g, " ");
const hasLetter = (value: string) => /\p{L}/u.test(value);

/**
 * A college that is not in the directory, as a student names it under 'No matches': the spec's
 * college rules (city and college required, sign-up's sanitising), at least two characters, one
 * line, with letters. Checked by the sign-up form and again by the server.
 */
export const CollegeRequestFieldsSchema = z.object({
  name: typedText()
    .overwrite(tidyName)
    .refine((value) => value.length > 0, COLLEGE_REQUEST_TEXTS.nameRequired)
    .refine((value) => characterCount(value) >= COLLEGE_NAME_MIN_LENGTH, COLLEGE_REQUEST_TEXTS.nameTooShort)
    .refine((value) => characterCount(value) <= COLLEGE_NAME_MAX_LENGTH, COLLEGE_REQUEST_TEXTS.nameTooLong)
    .refine(...singleLine("College"))
    .refine(hasLetter, COLLEGE_REQUEST_TEXTS.nameNeedsLetter),
  city: typedText()
    .overwrite(tidyName)
    .refine((value) => value.length > 0, COLLEGE_REQUEST_TEXTS.cityRequired)
    .refine((value) => characterCount(value) <= CITY_NAME_MAX_LENGTH, COLLEGE_REQUEST_TEXTS.cityTooLong)
    .refine(...singleLine("City"))
    .refine(hasLetter, COLLEGE_REQUEST_TEXTS.cityNeedsLetter),
});
export type CollegeRequestFields = z.output<typeof CollegeRequestFieldsSchema>;

/**
 * POST /api/me/college-request: a signed-in student's "My college isn't listed" (Settings), with
 * sign-up's rules for the name and city.
 */
export const MyCollegeRequestBodySchema = CollegeRequestFieldsSchema;
export type MyCollegeRequestBody = z.input<typeof MyCollegeRequestBodySchema>;

/** The student's own request still waiting for the administrator, as Settings shows it. */
export const MyCollegeRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  createdAt: z.string(),
});
export type MyCollegeRequest = z.infer<typeof MyCollegeRequestSchema>;

/** GET /api/me/college-request: the waiting request, or null. */
export const MyCollegeRequestResponseSchema = z.object({ request: MyCollegeRequestSchema.nullable() });
export type MyCollegeRequestResponse = z.infer<typeof MyCollegeRequestResponseSchema>;

/** A request waiting in the Colleges tab, with the student who asked. */
export const CollegeRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  status: z.enum(COLLEGE_REQUEST_STATUSES),
  createdAt: z.string(),
  student: z.object({ id: z.string(), name: z.string(), email: z.string() }),
});
export type CollegeRequest = z.infer<typeof CollegeRequestSchema>;

export const CollegeRequestsResponseSchema = z.object({ requests: z.array(CollegeRequestSchema) });
export type CollegeRequestsResponse = z.infer<typeof CollegeRequestsResponseSchema>;

/** 'Merge into {existing}': the directory's college the request names. */
export const MergeCollegeRequestBodySchema = z.object({
  collegeId: z.uuid(COLLEGE_REQUEST_TEXTS.collegeNotFound),
});
export type MergeCollegeRequestBody = z.infer<typeof MergeCollegeRequestBodySchema>;

/** What a decision did: the request, and the college the student now belongs to. */
export const CollegeRequestDecisionSchema = z.object({
  request: z.object({ id: z.string(), status: z.enum(COLLEGE_REQUEST_STATUSES) }),
  college: z.object({ id: z.string(), name: z.string(), city: z.string() }),
});
export type CollegeRequestDecision = z.infer<typeof CollegeRequestDecisionSchema>;
