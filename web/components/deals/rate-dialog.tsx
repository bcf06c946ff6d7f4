import { DEAL_MESSAGES, RATING_COMMENT_MAX_LENGTH } from "@shared/deals-constants";
import Star from "lucide-react/icons/star";
import { useEffect } from "react";
import { ApiError } from "../../lib/api";
import { useZodForm } from "../../lib/form";
import { Alert } from "../ui/alert";
import { Dialog } from "../ui/dialog";
import { DialogActions } from "../ui/dialog-actions";
import { Field, inputClasses } from "../ui/field";
import { useRateDeal } from "./api/rate-deal";

const loadRateSchema = () => import("./rate-form-schema").then((schemas) => schemas.RateFormSchema);

/** The server's refusal in its words ('You have already rated this deal.'); else a plain retry. */
const refusalOf = (failure: unknown) => (failure instanceof ApiError ? failure.message : "Please try again.");

/**
 * 'Rate {name}': 1 to 5 stars and an optional comment, once, within 14 days of the sale. The other
 * side's rating shows only once both rated (or the 14 days passed). `onRated` runs once the rating
 * is taken, for the page to refresh what offered it.
 */
export function RateDialog({
  itemId,
  name,
  onRated,
  onClose,
}: {
  itemId: string;
  name: string;
  onRated?: () => unknown;
  onClose: () => void;
}) {
  const rate = useRateDeal(itemId, { onRated });
  const { form, fieldError, formError, handleSubmit, prepare } = useZodForm(loadRateSchema, {
    defaultValues: { stars: 0, comment: "" },
    serverErrorMessage: refusalOf,
  });
  useEffect(() => prepare(), [prepare]);
  const stars = form.watch("stars");
  return (
    <Dialog title={`Rate ${name}`} onClose={onClose}>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={handleSubmit(async (values) => {
          // A refusal is thrown on to the form, which shows it below as formError.
          await rate.mutateAsync(values);
          onClose();
        })}
      >
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">Stars</legend>
          <div className="mt-1 flex gap-1">
            {[1, 2, 3, 4, 5].map((value) => (
              <label
                key={value}
                className="grid size-11 cursor-pointer place-items-center rounded-lg hover:bg-amber-50"
              >
                <input
                  type="radio"
                  value={value}
                  className="sr-only"
                  checked={stars === value}
                  onChange={() => form.setValue("stars", value, { shouldValidate: true })}
                />
                <Star
                  aria-hidden="true"
                  className={`size-7 ${value <= stars ? "fill-amber-400 text-amber-500" : "text-slate-400"}`}
                />
                <span className="sr-only">{value === 1 ? "1 star" : `${value} stars`}</span>
              </label>
            ))}
          </div>
          {fieldError("stars") ? (
            <Alert tone="error" variant="inline" className="mt-1 text-sm">
              {DEAL_MESSAGES.badStars}
            </Alert>
          ) : null}
        </fieldset>
        <Field label="Comment (optional)" error={fieldError("comment")}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={RATING_COMMENT_MAX_LENGTH}
              className={inputClasses}
              {...form.register("comment")}
            />
          )}
        </Field>
        {formError ? (
          <Alert tone="error" variant="inline" className="text-sm">
            {formError}
          </Alert>
        ) : null}
        <DialogActions
          onCancel={onClose}
          submitLabel="Submit Rating"
          isSubmitting={form.formState.isSubmitting}
        />
      </form>
    </Dialog>
  );
}
