import { CONDITIONS, type Condition } from "@shared/constants";
import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { labelClasses } from "../../../components/ui/field";
import { capitalise } from "../../../lib/item-labels";

const DESCRIPTIONS: Record<Condition, string> = {
  new: "Unused, as bought",
  "like new": "Barely used, no marks",
  used: "Works, shows wear",
};

interface ConditionTilesProps {
  /** The chosen condition, for the tiles' look. */
  value: Condition;
  /** The form's binding, shared by the three radios. */
  registration: UseFormRegisterReturn;
}

/** Three tiles that are native radio buttons underneath, so arrow keys and forms work as usual. */
export function ConditionTiles({ value, registration }: ConditionTilesProps) {
  const labelId = useId();
  return (
    <div>
      <p id={labelId} className={labelClasses}>
        Condition
      </p>
      <div role="radiogroup" aria-labelledby={labelId} className="grid grid-cols-3 gap-2 sm:gap-3">
        {CONDITIONS.map((condition) => (
          <label
            key={condition}
            className={`flex min-h-16 cursor-pointer flex-col items-center justify-center rounded-lg border-2 px-2 py-2 text-center has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600 ${value === condition ? "border-indigo-700 bg-indigo-50 text-indigo-900" : "border-slate-200 bg-white text-slate-800 hover:border-slate-300"}`}
          >
            <input
              {...registration}
              type="radio"
              value={condition}
              aria-describedby={`${labelId}-${condition.replace(" ", "-")}`}
              className="sr-only"
            />
            <span className="text-sm font-semibold">{capitalise(condition)}</span>
            {/* Read as the radio's description, not its name, so the name stays "New", "Like New", "Used". */}
            <span
              id={`${labelId}-${condition.replace(" ", "-")}`}
              aria-hidden="true"
              className="mt-0.5 hidden text-xs text-slate-600 sm:block"
            >
              {DESCRIPTIONS[condition]}
            </span>
          </label>
        ))}
      </div>
    </div>
  );
}
