import Eye from "lucide-react/icons/eye";
import EyeOff from "lucide-react/icons/eye-off";
import { type InputHTMLAttributes, type ReactNode, type Ref, useState } from "react";
import { Field, inputClasses } from "../../../components/ui/field";

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** Takes react-hook-form's `register(name)` as it is. */
  ref?: Ref<HTMLInputElement>;
  /** Names of the toggle; a second password field on a page needs its own. */
  showLabel?: string;
  hideLabel?: string;
}

/** A labelled password field with a show/hide toggle. */
export function PasswordInput({
  label,
  hint,
  error,
  ref,
  showLabel = "Show password",
  hideLabel = "Hide password",
  className = "",
  "aria-describedby": describedBy,
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
            aria-describedby={
              [control["aria-describedby"], describedBy].filter(Boolean).join(" ") || undefined
            }
            {...inputProps}
          />
          <button
            type="button"
            aria-label={isVisible ? hideLabel : showLabel}
            onClick={() => setIsVisible((visible) => !visible)}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800"
          >
            {isVisible ? <EyeOff className="size-5" /> : <Eye className="size-5" />}
          </button>
        </div>
      )}
    </Field>
  );
}
