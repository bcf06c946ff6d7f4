/*
 * 'Rate {name}''s schema, loaded on demand by the form (useZodForm) so zod reaches the browser only
 * once someone rates: the shared rating rule (1 to 5 stars, a comment of up to 300 characters).
 */
export { RateBodySchema as RateFormSchema } from "@shared/api/ratings";
