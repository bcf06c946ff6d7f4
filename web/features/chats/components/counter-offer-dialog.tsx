import { useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Dialog } from "../../../components/ui/dialog";
import { DialogActions } from "../../../components/ui/dialog-actions";
import { Field, inputClasses } from "../../../components/ui/field";
import { ApiError } from "../../../lib/api";
import { useZodForm } from "../../../lib/form";
import { useCounterOffer } from "../api/offer-actions";

const loadOfferFormSchema = () => import("../form-schemas").then((schemas) => schemas.OfferFormSchema);

/** 'Counter': the seller answers the buyer's pending offer with a price of their own. */
export function CounterOfferDialog({
  chatId,
  offerId,
  onClose,
}: {
  chatId: string;
  offerId: string;
  onClose: () => void;
}) {
  const counter = useCounterOffer(chatId);
  const [error, setError] = useState<string | null>(null);
  const { form, fieldError, handleSubmit, prepare } = useZodForm(loadOfferFormSchema, {
    defaultValues: { offerPrice: "" },
  });
  useEffect(() => prepare(), [prepare]);
  return (
    <Dialog title="Counter-offer" onClose={onClose}>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={handleSubmit(async ({ offerPrice }) => {
          try {
            await counter.mutateAsync({ offerId, offerPrice });
            onClose();
          } catch (failure) {
            setError(failure instanceof ApiError ? failure.message : "Please try again.");
          }
        })}
      >
        <Field label="Offer price (₹)" error={fieldError("offerPrice")}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              className={inputClasses}
              {...form.register("offerPrice")}
            />
          )}
        </Field>
        {error ? (
          <Alert tone="error" variant="inline" className="text-sm">
            {error}
          </Alert>
        ) : null}
        <DialogActions
          onCancel={onClose}
          submitLabel="Send Counter"
          isSubmitting={form.formState.isSubmitting}
        />
      </form>
    </Dialog>
  );
}
