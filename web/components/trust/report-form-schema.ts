/*
 * The report form's schema, loaded on demand by the form (useZodForm) so zod reaches the browser
 * only once someone fills it in.
 */
import { CreateReportBodySchema } from "@shared/api/reports";
import { REPORT_TEXTS } from "@shared/reports-constants";
import { z } from "zod";

/** A reason and optional details, as the server takes them; the reason starts unchosen. */
export const ReportFormSchema = z.object({
  reason: z.string(REPORT_TEXTS.reasonRequired).pipe(CreateReportBodySchema.shape.reason),
  details: CreateReportBodySchema.shape.details,
});
