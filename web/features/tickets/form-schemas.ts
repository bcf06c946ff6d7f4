/*
 * The support ticket form's schema. Loaded on demand by the form (useZodForm), so that zod reaches
 * the browser only once someone fills it in.
 */
import { CreateTicketBodySchema } from "@shared/api/tickets";
import { z } from "zod";

/** The ticket as the server takes it; the purpose starts unchosen. */
export const TicketFormSchema = CreateTicketBodySchema.extend({
  purpose: z.string().pipe(CreateTicketBodySchema.shape.purpose),
});
