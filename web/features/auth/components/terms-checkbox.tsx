import { type InputHTMLAttributes, type Ref, useId } from "react";
import { textLink } from "../../../components/ui/button-styles";

interface TermsCheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  /** Takes react-hook-form's `register(name)` as it is. */
  ref?: Ref<HTMLInputElement>;
}

/** The terms must be ticked to sign up; both documents open in a new tab so the form keeps its state. */
export function TermsCheckbox({ ref, ...inputProps }: TermsCheckboxProps) {
  const id = useId();
  return (
    // The whole line takes the tap (44 px tall), not only the small box; the links keep their own.
    <label
      htmlFor={id}
      className="flex min-h-11 cursor-pointer items-start gap-3 py-2.5 text-sm text-slate-700"
    >
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-indigo-700"
        {...inputProps}
      />
      <span>
        I accept the{" "}
        <a href="/privacy-policy" target="_blank" rel="noopener noreferrer" className={textLink}>
          Privacy Policy
        </a>{" "}
        and{" "}
        <a href="/terms-of-use" target="_blank" rel="noopener noreferrer" className={textLink}>
          Terms of Use
        </a>
      </span>
    </label>
  );
}
