import LayoutGridIcon from "lucide-react/icons/layout-grid";
import ListIcon from "lucide-react/icons/list";
import type { ViewMode } from "./item-card";

interface ViewToggleProps {
  view: ViewMode;
  onChange: (view: ViewMode) => void;
}

const VIEWS = [
  { value: "grid", label: "Grid view", Icon: LayoutGridIcon },
  { value: "list", label: "List view", Icon: ListIcon },
] as const;

export function ViewToggle({ view, onChange }: ViewToggleProps) {
  return (
    <fieldset className="flex rounded-lg border border-slate-300 bg-white p-0.5">
      <legend className="sr-only">Layout</legend>
      {VIEWS.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-label={label}
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={`inline-flex size-10 items-center justify-center rounded-md ${view === value ? "bg-indigo-700 text-white" : "text-slate-600 hover:bg-slate-100"}`}
        >
          <Icon className="size-5" />
        </button>
      ))}
    </fieldset>
  );
}
