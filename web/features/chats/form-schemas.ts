/*
 * The message composer's schemas. Loaded on demand by its forms (useZodForm), so that zod reaches
 * the browser only once someone writes a message or an offer.
 */
import { SendMessageBodySchema } from "@shared/api/chats";
import { z } from "zod";

const [TextMessageSchema, OfferMessageSchema] = SendMessageBodySchema.options;

/** The box holds text; the shared offer rule (whole rupees, at least ₹1) says what it may be. */
export const OfferFormSchema = z.object({
  offerPrice: z
    .string()
    .trim()
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : Number.NaN))
    .pipe(OfferMessageSchema.shape.offerPrice),
});

export const TextFormSchema = z.object({ text: TextMessageSchema.shape.text });
