import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  REPORT_TEXTS,
  type ReportTargetType,
} from "@shared/reports-constants";
import { useId, useState } from "react";
import { useZodForm } from "../../lib/form";
import { Alert } from "../ui/alert";
import { Dialog } from "../ui/dialog";
import { DialogActions, DialogDone } from "../ui/dialog-actions";
import { Field, inputClasses } from "../ui/field";
import { useCreateReport } from "./api/create-report";

export interface ReportTarget {
  type: ReportTargetType;
  id: string;
}

const loadReportFormSchema = () => import("./report-form-schema").then((schemas) => schemas.ReportFormSchema);

/**
 * 'Report this listing' / 'Report this user' / 'Report this message': a reason, optional details
 * and 'Send Report', then 'Thanks. Our team will review this.' Mount it to open it.
 */
export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const createReport = useCreateReport();
  const { form, fieldError, formError, handleSubmit, setServerError, prepare } = useZodForm(
    loadReportFormSchema,
    { defaultValues: { reason: "", details: "" } },
  );
  const details = form.watch("details") ?? "";
  const [isSent, setIsSent] = useState(false);
  const legendId = useId();
  const reasonErrorId = useId();

  const submit = handleSubmit(async (values) => {
    if (createReport.isPending) return;
    try {
      await createReport.mutateAsync({
        targetType: target.type,
        targetId: target.id,
        reason: values.reason,
        details: values.details,
      });
      setIsSent(true);
    } catch (error) {
      setServerError(error);
    }
  });

  const reasonError = fieldError("reason");
  return (
    <Dialog title={REPORT_TEXTS.title[target.type]} onClose={onClose}>
      {isSent ? (
        <DialogDone message={REPORT_TEXTS.sent} onClose={onClose} />
      ) : (
        <form onFocus={prepare} onSubmit={submit} noValidate className="mt-4 space-y-4">
          <fieldset aria-describedby={reasonError ? reasonErrorId : undefined}>
            <legend id={legendId} className="mb-1 text-sm font-medium text-slate-800">
              {REPORT_TEXTS.reasonLegend}
            </legend>
            <div className="grid gap-1">
              {REPORT_REASONS.map((reason) => (
                <label
                  key={reason}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm text-slate-900 hover:bg-slate-50"
                >
                  <input
                    type="radio"
                    value={reason}
                    className="size-5 accent-indigo-700"
                    aria-invalid={reasonError ? true : undefined}
                    {...form.register("reason")}
                  />
                  {reason}
                </label>
              ))}
            </div>
            {reasonError ? (
              <p id={reasonErrorId} className="mt-1 text-sm text-red-700">
                {reasonError}
              </p>
            ) : null}
          </fieldset>
          <Field
            label={REPORT_TEXTS.details}
            hint={`Optional. ${details.length}/${REPORT_DETAILS_MAX_LENGTH} characters`}
            error={fieldError("details")}
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={REPORT_DETAILS_MAX_LENGTH}
                className={`${inputClasses} resize-y`}
                {...form.register("details")}
              />
            )}
          </Field>
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <DialogActions
            onCancel={onClose}
            submitLabel={createReport.isPending ? REPORT_TEXTS.sending : REPORT_TEXTS.send}
            isSubmitting={createReport.isPending}
          />
        </form>
      )}
    </Dialog>
  );
}
