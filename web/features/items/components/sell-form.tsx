import type { Item } from "@shared/api/items";
import {
  DESCRIPTION_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_TYPE_MAX_LENGTH,
} from "@shared/validation/sell";
import { useId } from "react";
import { Alert } from "../../../components/ui/alert";
import { primaryButton } from "../../../components/ui/button-styles";
import { Field, inputClasses } from "../../../components/ui/field";
import { useSellForm } from "../hooks/use-sell-form";
import { CATEGORY_OPTIONS } from "../item-format";
import { ConditionTiles } from "./condition-tiles";
import { PhotosField } from "./photos-field";

/** The Sell form; given an item, it edits that item. Mount with a key per item so it starts fresh. */
export function SellForm({ item }: { item: Item | null }) {
  const { sellForm, photos, user, isEditing, isSaving, canSubmit, handleSubmit, handleChoosePhotos } =
    useSellForm(item);
  const { form, fieldError, formError } = sellForm;
  const mobileId = useId();
  const negotiableId = useId();
  const description = form.watch("description");
  const submitCaption = isEditing
    ? isSaving
      ? "Saving..."
      : "Save Changes"
    : isSaving
      ? "Posting Item..."
      : "Post Item for Sale";

  return (
    <form
      noValidate
      onFocus={sellForm.prepare}
      onSubmit={handleSubmit}
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      {sellForm.binding}
      <PhotosField
        photos={photos.photos}
        notice={photos.notice}
        onChoose={handleChoosePhotos}
        onRemove={photos.remove}
        onMove={photos.move}
      />

      <Field label="Product Name" error={fieldError("productName")}>
        {(control) => (
          <input
            {...control}
            {...form.register("productName")}
            type="text"
            maxLength={PRODUCT_NAME_MAX_LENGTH}
            placeholder="e.g. Casio fx-991EX calculator"
            className={inputClasses}
          />
        )}
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Product Type" error={fieldError("type")}>
          {(control) => (
            <input
              {...control}
              {...form.register("type")}
              type="text"
              maxLength={PRODUCT_TYPE_MAX_LENGTH}
              placeholder="e.g. Calculator, Textbook"
              className={inputClasses}
            />
          )}
        </Field>
        <Field label="Price (₹)" error={fieldError("price")} hint="Whole rupees, at least ₹1.">
          {(control) => (
            <div className="relative">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500"
              >
                ₹
              </span>
              <input
                {...control}
                {...form.register("price")}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="500"
                className={`${inputClasses} pl-7`}
              />
            </div>
          )}
        </Field>
      </div>

      <Field label="Category">
        {(control) => (
          <select
            {...control}
            {...form.register("category")}
            // Also the select's own default: react-hook-form leaves a select that looks already chosen
            // alone, which some DOMs (happy-dom) report of the first option before any choice.
            defaultValue={form.formState.defaultValues?.category}
            className={inputClasses}
          >
            {CATEGORY_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>

      <ConditionTiles value={form.watch("condition")} registration={form.register("condition")} />

      <Field
        label="Description"
        error={fieldError("description")}
        hint={`Optional. ${description.length}/${DESCRIPTION_MAX_LENGTH} characters.`}
      >
        {(control) => (
          <textarea
            {...control}
            {...form.register("description")}
            rows={4}
            maxLength={DESCRIPTION_MAX_LENGTH}
            placeholder="Age, what is included, why you are selling..."
            className={inputClasses}
          />
        )}
      </Field>

      <div className="flex items-start gap-3">
        <input
          {...form.register("isNegotiable")}
          id={negotiableId}
          type="checkbox"
          aria-describedby={`${negotiableId}-hint`}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-indigo-700"
        />
        <div>
          <label htmlFor={negotiableId} className="text-sm font-medium text-slate-800">
            Price is negotiable
          </label>
          <p id={`${negotiableId}-hint`} className="text-xs text-slate-600">
            Unticked, buyers see 'Fixed price' and cannot make offers; they can still message you.
          </p>
        </div>
      </div>

      <div className="flex items-start gap-3">
        <input
          {...form.register("showMobileNumber")}
          id={mobileId}
          type="checkbox"
          aria-describedby={user?.mobile ? `${mobileId}-hint` : undefined}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-indigo-700"
        />
        <div>
          <label htmlFor={mobileId} className="text-sm font-medium text-slate-800">
            Show my mobile number to buyers
          </label>
          {user?.mobile ? (
            <p id={`${mobileId}-hint`} className="text-xs text-slate-600">
              Every student who opens this item will see {user.mobile} and can call you.
            </p>
          ) : null}
        </div>
      </div>

      {formError ? <Alert tone="error">{formError}</Alert> : null}

      <button type="submit" disabled={!canSubmit} className={`${primaryButton} w-full`}>
        {submitCaption}
      </button>
    </form>
  );
}
