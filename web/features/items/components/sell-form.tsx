import type { Item } from "@shared/api/items";
import type { Category } from "@shared/constants";
import {
  DESCRIPTION_MAX_LENGTH,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_TYPE_MAX_LENGTH,
} from "@shared/validation/sell";
import { useId } from "react";
import { Alert } from "../../../components/ui/alert";
import { primaryButton } from "../../../components/ui/button-styles";
import { Field } from "../../../components/ui/field";
import { inputClasses } from "../../../components/ui/text-field";
import { useSellForm } from "../hooks/use-sell-form";
import { CATEGORY_OPTIONS } from "../item-format";
import { ConditionTiles } from "./condition-tiles";
import { ImageUploadField } from "./image-upload-field";

/** The Sell form; given an item, it edits that item. Mount with a key per item so it starts fresh. */
export function SellForm({ item }: { item: Item | null }) {
  const form = useSellForm(item);
  const mobileId = useId();
  const { fields, fieldErrors, changeField } = form;
  const submitCaption = form.isEditing
    ? form.isSaving
      ? "Saving..."
      : "Save Changes"
    : form.isSaving
      ? "Posting Item..."
      : "Post Item for Sale";

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={form.handleSubmit}
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <ImageUploadField image={form.image} onChoose={form.image.choose} onRemove={form.image.remove} />

      <Field label="Product Name" error={fieldErrors.productName}>
        {(control) => (
          <input
            {...control}
            name="productName"
            type="text"
            maxLength={PRODUCT_NAME_MAX_LENGTH}
            placeholder="e.g. Casio fx-991EX calculator"
            value={fields.productName}
            onChange={(event) => changeField("productName", event.target.value)}
            className={inputClasses}
          />
        )}
      </Field>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Product Type" error={fieldErrors.type}>
          {(control) => (
            <input
              {...control}
              name="type"
              type="text"
              maxLength={PRODUCT_TYPE_MAX_LENGTH}
              placeholder="e.g. Calculator, Textbook"
              value={fields.type}
              onChange={(event) => changeField("type", event.target.value)}
              className={inputClasses}
            />
          )}
        </Field>
        <Field label="Price (₹)" error={fieldErrors.price} hint="Whole rupees, at least ₹1.">
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
                name="price"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                placeholder="500"
                value={fields.price}
                onChange={(event) => changeField("price", event.target.value)}
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
            name="category"
            value={fields.category}
            onChange={(event) => changeField("category", event.target.value as Category)}
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

      <ConditionTiles
        value={fields.condition}
        onChange={(condition) => changeField("condition", condition)}
      />

      <Field
        label="Description"
        error={fieldErrors.description}
        hint={`Optional. ${fields.description.length}/${DESCRIPTION_MAX_LENGTH} characters.`}
      >
        {(control) => (
          <textarea
            {...control}
            name="description"
            rows={4}
            maxLength={DESCRIPTION_MAX_LENGTH}
            placeholder="Age, what is included, why you are selling..."
            value={fields.description}
            onChange={(event) => changeField("description", event.target.value)}
            className={inputClasses}
          />
        )}
      </Field>

      <div className="flex items-start gap-3">
        <input
          id={mobileId}
          type="checkbox"
          name="showMobileNumber"
          checked={fields.showMobileNumber}
          onChange={(event) => changeField("showMobileNumber", event.target.checked)}
          aria-describedby={form.user?.mobile ? `${mobileId}-hint` : undefined}
          className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-indigo-700"
        />
        <div>
          <label htmlFor={mobileId} className="text-sm font-medium text-slate-800">
            Show my mobile number to buyers
          </label>
          {form.user?.mobile ? (
            <p id={`${mobileId}-hint`} className="text-xs text-slate-600">
              Buyers will see {form.user.mobile} and can call you.
            </p>
          ) : null}
        </div>
      </div>

      {form.formError ? <Alert tone="error">{form.formError}</Alert> : null}

      <button type="submit" disabled={!form.canSubmit} className={`${primaryButton} w-full`}>
        {submitCaption}
      </button>
    </form>
  );
}
