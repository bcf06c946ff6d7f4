/* The 'Save Search' dialog's schema, loaded with zod when the dialog is used. */
import { SAVED_SEARCH_NAME_MAX_LENGTH } from "@shared/listing-texts";
import { z } from "zod";

export const SaveSearchFormSchema = z.object({
  name: z.string().max(SAVED_SEARCH_NAME_MAX_LENGTH, `At most ${SAVED_SEARCH_NAME_MAX_LENGTH} characters.`),
});
