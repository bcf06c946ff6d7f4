import { type InputHTMLAttributes, type ReactNode, useId } from "react";

export const inputClasses =
  "block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-600 disabled:bg-slate-100";

export const labelClasses = "mb-1 block text-sm font-medium text-slate-800";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** Help shown under the field and read out with it. */
  hint?: ReactNode;
}

/** A visibly labelled text input. */
export function TextField({ label, hint, className = "", ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input id={id} className={inputClasses} aria-describedby={hint ? hintId : undefined} {...inputProps} />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
