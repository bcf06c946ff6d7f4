/*
 * The Sell form's schema. Loaded on demand by the form (useZodForm), so that zod reaches the
 * browser only once someone fills it in.
 */
import { ItemInputSchema } from "@shared/api/items";
import { parsePrice } from "@shared/validation/sell";
import { z } from "zod";

/**
 * The server's item rules, as the form holds them: the price as typed (whole rupees once parsed,
 * with the same message), and no image, which the upload field keeps apart.
 */
export const SellFormSchema = ItemInputSchema.omit({ productImage: true }).extend({
  price: z
    .string()
    .transform((text) => parsePrice(text) ?? Number.NaN)
    .pipe(ItemInputSchema.shape.price),
});
