/*
 * The appeal form's schema, loaded on demand by the form (useZodForm); apart from the sign-in and
 * signup schemas, which the appeal page never needs.
 */
import { CreateAppealBodySchema } from "@shared/api/appeals";

/** The appeal form: the words only; the token comes from the refused sign-in. */
export const AppealFormSchema = CreateAppealBodySchema.pick({ description: true });
