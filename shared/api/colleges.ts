import { z } from "zod";

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
