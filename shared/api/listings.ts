import { z } from "zod";
import { CATEGORIES } from "../constants";
import { SAVED_SEARCH_NAME_MAX_LENGTH } from "../listing-texts";
import { singleLine, typedText } from "./text-rules";

/** A signed-out visitor's view of an item: the cover, name, price, condition and college only. */
export const PublicItemSchema = z.object({
  id: z.string(),
  productName: z.string(),
  productImage: z.string(),
  price: z.number().int(),
  condition: z.string(),
  sellerCollege: z.string(),
});
export const PublicItemResponseSchema = z.object({ item: PublicItemSchema });
export type PublicItem = z.infer<typeof PublicItemSchema>;

/** How many listings 'Fresh on campus' shows on the landing page. */
export const FRESH_LISTINGS_COUNT = 8;

export const FreshListingsQuerySchema = z.object({
  /** The visitor's city, as the directory names it; none means all of India. */
  city: z.string().trim().max(100, "The city is at most 100 characters.").optional(),
});

/** 'Fresh on campus': the newest listings as public teasers, and the cities a visitor may pick. */
export const FreshListingsResponseSchema = z.object({
  city: z.string().nullable(),
  /** Each with the college's short name, as a card shows it ('IIFM'). */
  items: z.array(PublicItemSchema.extend({ collegeShortName: z.string() })),
  cities: z.array(z.string()),
});
export type FreshListingsResponse = z.infer<typeof FreshListingsResponseSchema>;

/** What 'Save Search' stores: the current search, category and college, and a name. */
export const SavedSearchInputSchema = z
  .object({
    name: typedText()
      .max(SAVED_SEARCH_NAME_MAX_LENGTH, `At most ${SAVED_SEARCH_NAME_MAX_LENGTH} characters.`)
      .refine(...singleLine("The name"))
      .default(""),
    search: typedText()
      .max(100)
      .refine(...singleLine("The search"))
      .default(""),
    category: z.enum(["all", ...CATEGORIES]).default("all"),
    college: typedText()
      .max(200)
      .refine(...singleLine("The college"))
      .default(""),
  })
  .refine((input) => input.search.trim() || input.category !== "all" || input.college.trim(), {
    message: "Search for something, or choose a category or a college, before saving.",
    path: ["search"],
  });
export type SavedSearchInput = z.input<typeof SavedSearchInputSchema>;

export const SavedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  search: z.string(),
  category: z.enum(["all", ...CATEGORIES]),
  college: z.string(),
  /** Items that matched since the student last viewed it. */
  newMatches: z.number().int(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;
export const SavedSearchResponseSchema = z.object({ savedSearch: SavedSearchSchema });
export const SavedSearchesResponseSchema = z.object({ savedSearches: z.array(SavedSearchSchema) });
export type SavedSearchesResponse = z.infer<typeof SavedSearchesResponseSchema>;
