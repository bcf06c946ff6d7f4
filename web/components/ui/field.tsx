import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";

export const inputClasses =
  "block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-600 disabled:bg-slate-100";

export const labelClasses = "mb-1 block text-sm font-medium text-slate-800";

export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  /** The field's own error; marks the control invalid and is read with it. */
  error?: string | null;
  /** Renders the control, wired to the label, the hint and the error. */
  children: (control: FieldControlProps) => ReactNode;
  className?: string;
}

/** A visible label, the control, a hint and the field's own error, all tied together for screen readers. */
export function Field({ label, hint, error, children, className = "" }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** Help shown under the field and read out with it. */
  hint?: ReactNode;
  error?: string | null;
  /** Takes react-hook-form's `register(name)` as it is. */
  ref?: Ref<HTMLInputElement>;
}

/** A visibly labelled text input: `Field` with an `<input>` in it. */
export function TextField({ label, hint, error, className = "", ref, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <input ref={ref} className={inputClasses} {...control} {...inputProps} />}
    </Field>
  );
}
