import { capitalise } from "../../lib/item-labels";

const conditionClasses: Record<string, string> = {
  new: "bg-green-100 text-green-800",
  "like new": "bg-blue-100 text-blue-800",
  used: "bg-amber-100 text-amber-900",
};

/** The item's condition as a pill; older items may carry other values, shown in grey. */
export function ConditionBadge({ condition }: { condition: string }) {
  const tone = conditionClasses[condition] ?? "bg-slate-100 text-slate-700";
  return (
    <span
      className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}
    >
      {capitalise(condition)}
    </span>
  );
}

export function SoldBadge() {
  return (
    <span className="inline-flex shrink-0 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">
      Sold
    </span>
  );
}
