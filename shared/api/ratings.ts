import { z } from "zod";
import { DEAL_MESSAGES, RATING_COMMENT_MAX_LENGTH } from "../deals-constants";
import { multiLine, typedText } from "./text-rules";

export { DEAL_MESSAGES, RATING_COMMENT_MAX_LENGTH } from "../deals-constants";

/** Rating the other side of a sale: 1 to 5 stars and an optional comment. */
export const RateBodySchema = z.object({
  stars: z
    .number(DEAL_MESSAGES.badStars)
    .int(DEAL_MESSAGES.badStars)
    .min(1, DEAL_MESSAGES.badStars)
    .max(5, DEAL_MESSAGES.badStars),
  comment: typedText()
    .max(RATING_COMMENT_MAX_LENGTH, `At most ${RATING_COMMENT_MAX_LENGTH} characters.`)
    .refine(...multiLine("The comment"))
    .default(""),
});
export type RateBody = z.input<typeof RateBodySchema>;

/** One revealed rating as the profile's 'Reviews' list shows it. */
export const ReviewSchema = z.object({
  id: z.string(),
  raterId: z.string(),
  raterName: z.string(),
  itemName: z.string(),
  stars: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** A student's reputation: revealed ratings only. */
export const ReputationSchema = z.object({
  /** Null below three ratings ('New on Campus Bazaar'). */
  average: z.number().nullable(),
  count: z.number().int(),
  /** 'Items sold: N'. */
  itemsSold: z.number().int(),
  /** Median minutes to a first reply over the last 30 days; null below three chats. */
  replyMinutes: z.number().nullable(),
  reviews: z.array(ReviewSchema),
});
export type Reputation = z.infer<typeof ReputationSchema>;

export const ReputationResponseSchema = z.object({ reputation: ReputationSchema });

/** The viewer's own rating of a deal, and the other side's once revealed. */
export const DealRatingsResponseSchema = z.object({
  mine: ReviewSchema.nullable(),
  theirs: ReviewSchema.nullable(),
});
export type DealRatingsResponse = z.infer<typeof DealRatingsResponseSchema>;
