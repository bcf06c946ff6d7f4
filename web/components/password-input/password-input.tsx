import { EyeIcon, EyeOffIcon } from "lucide-react";
import { type InputHTMLAttributes, useId, useState } from "react";
import { inputClasses, labelClasses } from "../ui/text-field";

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  label: string;
  /** Names of the toggle; a second password field on a page needs its own. */
  showLabel?: string;
  hideLabel?: string;
}

/** A labelled password field with a show/hide toggle. */
export function PasswordInput({
  label,
  showLabel = "Show password",
  hideLabel = "Hide password",
  className = "",
  ...inputProps
}: PasswordInputProps) {
  const id = useId();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={isVisible ? "text" : "password"}
          className={`${inputClasses} pr-12`}
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
    </div>
  );
}
