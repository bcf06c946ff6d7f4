import { EyeIcon, EyeOffIcon } from "lucide-react";
import { type InputHTMLAttributes, type Ref, useState } from "react";
import { Field, inputClasses } from "../ui/field";

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  label: string;
  /** Names of the toggle; a second password field on a page needs its own. */
  showLabel?: string;
  hideLabel?: string;
  hint?: string;
  error?: string | null;
  /** Takes react-hook-form's `register(name)` as it is. */
  ref?: Ref<HTMLInputElement>;
}

/** A labelled password field with a show/hide toggle (sign-in, signup, reset, settings). */
export function PasswordInput({
  label,
  showLabel = "Show password",
  hideLabel = "Hide password",
  hint,
  error,
  className = "",
  ref,
  ...inputProps
}: PasswordInputProps) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <div className="relative">
          <input
            ref={ref}
            type={isVisible ? "text" : "password"}
            className={`${inputClasses} pr-12`}
            {...control}
            {...inputProps}
          />
          <button
            type="button"
            aria-label={isVisible ? hideLabel : showLabel}
            onClick={() => setIsVisible((visible) => !visible)}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800"
          >
            {isVisible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
          </button>
        </div>
      )}
    </Field>
  );
}
