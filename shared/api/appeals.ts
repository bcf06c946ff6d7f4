import { z } from "zod";
import { SUSPENSION_TEXTS } from "../suspension-texts";
import { TICKET_DESCRIPTION_MAX_LENGTH } from "../tickets-constants";
import { multiLine, typedText } from "./text-rules";

/**
 * What a suspended student's sign-in refusal carries besides its words: a short-lived token, bound
 * to that suspension, with which the appeal form raises its ticket without a session.
 */
export const AppealOfferSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type AppealOffer = z.infer<typeof AppealOfferSchema>;

/** Sign-in's refusals; a suspended account's carries the appeal offer. */
export const SignInRefusalSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), appeal: AppealOfferSchema.optional() }),
});

export const CreateAppealBodySchema = z.object({
  token: z
    .string(SUSPENSION_TEXTS.expired)
    .min(1, SUSPENSION_TEXTS.expired)
    .max(200, SUSPENSION_TEXTS.expired),
  description: typedText(SUSPENSION_TEXTS.appealRequired)
    .refine((value) => value.trim().length > 0, SUSPENSION_TEXTS.appealRequired)
    .refine(
      (value) => value.length <= TICKET_DESCRIPTION_MAX_LENGTH,
      `At most ${TICKET_DESCRIPTION_MAX_LENGTH} characters.`,
    )
    .refine(...multiLine("The appeal")),
});
export type CreateAppealBody = z.infer<typeof CreateAppealBodySchema>;

export const CreateAppealResponseSchema = z.object({ ticketId: z.string(), message: z.string() });
export type CreateAppealResponse = z.infer<typeof CreateAppealResponseSchema>;
