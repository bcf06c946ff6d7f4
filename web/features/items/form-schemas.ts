/*
 * The Sell form's schema. Loaded on demand by the form (useZodForm), so that zod reaches the
 * browser only once someone fills it in.
 */
import { ItemFieldsSchema } from "@shared/api/items";
import { parsePrice } from "@shared/validation/sell";
import { z } from "zod";

/**
 * The server's item rules, as the form holds them: the price as typed (whole rupees once parsed,
 * with the same message), and no photos, which the photos field keeps apart.
 */
export const SellFormSchema = ItemFieldsSchema.omit({ productImage: true, images: true }).extend({
  price: z
    .string()
    .transform((text) => parsePrice(text) ?? Number.NaN)
    .pipe(ItemFieldsSchema.shape.price),
});
