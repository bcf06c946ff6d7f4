import { z } from "zod";
import { PICKUP_TEXTS } from "../pickup-constants";

/*
 * The pickup code of a reserved item (GET /items/:id/pickup-code, the reserved buyer's only) and
 * 'Confirm handover' (POST /items/:id/handover, the seller's).
 */

/** The reserved buyer's code: four digits to show the seller at the handover. */
export const PickupCodeResponseSchema = z.object({
  pickup: z.object({
    itemId: z.string(),
    code: z.string(),
  }),
});
export type PickupCodeResponse = z.infer<typeof PickupCodeResponseSchema>;

/** The four digits the buyer shows; spaces the seller types around them are ignored. */
export const HandoverBodySchema = z.object({
  code: z
    .string(PICKUP_TEXTS.codeFormat)
    .regex(/^[0-9 ]{4,12}$/, PICKUP_TEXTS.codeFormat)
    .transform((value) => value.replace(/ +/g, ""))
    .pipe(z.string().regex(/^[0-9]{4}$/, PICKUP_TEXTS.codeFormat)),
});
export type HandoverBody = z.input<typeof HandoverBodySchema>;
