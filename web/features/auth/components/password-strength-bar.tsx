import { PASSWORD_SCORE_MAX } from "@shared/constants";
import type { PasswordStrength } from "@shared/validation/password-strength";

const barColour: Record<PasswordStrength["tone"], string> = {
  red: "bg-red-500",
  yellow: "bg-yellow-400",
  green: "bg-green-600",
};

const labelColour: Record<PasswordStrength["tone"], string> = {
  red: "text-red-700",
  yellow: "text-yellow-800",
  green: "text-green-700",
};

interface PasswordStrengthBarProps {
  strength: PasswordStrength;
  /** For aria-describedby on the password input. */
  id: string;
}

/** The strength bar: width score/5, colour and label by score, and the reason for a refusal. */
export function PasswordStrengthBar({ strength, id }: PasswordStrengthBarProps) {
  const width = `${(strength.score / PASSWORD_SCORE_MAX) * 100}%`;
  return (
    <div id={id} className="mt-2">
      <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-slate-200">
        <div
          className={`h-full rounded-full transition-[width] motion-reduce:transition-none ${barColour[strength.tone]}`}
          style={{ width }}
        />
      </div>
      <p className="mt-1 flex flex-wrap justify-between gap-x-3 text-xs">
        <span className={`font-semibold ${labelColour[strength.tone]}`}>Strength: {strength.label}</span>
        {strength.message ? <span className="text-slate-700">{strength.message}</span> : null}
      </p>
    </div>
  );
}
