import { type ComponentProps, Suspense, useId } from "react";
import { lazyWhenOnline } from "../../lib/import-when-online";
import { inputClasses, labelClasses } from "../ui/field";

const Picker = lazyWhenOnline(() =>
  import("./college-picker").then((module) => ({ default: module.CollegePicker })),
);

type PickerProps = ComponentProps<typeof Picker>;

/**
 * The college filter (college-picker.tsx) loaded after the page's first paint, for pages whose own
 * code is near its budget. Until it arrives, the same label, box and chosen line hold its place,
 * so nothing moves when it does.
 */
export function LazyCollegePicker(props: PickerProps) {
  return (
    <Suspense fallback={<PickerPlaceholder {...props} />}>
      <Picker {...props} />
    </Suspense>
  );
}

function PickerPlaceholder({ label, value, className = "" }: PickerProps) {
  const inputId = useId();
  return (
    <div className={`relative min-w-0 ${className}`}>
      <label htmlFor={inputId} className={labelClasses}>
        {label}
      </label>
      <input
        id={inputId}
        type="text"
        disabled
        placeholder="Search colleges or cities"
        className={inputClasses}
      />
      <div className="mt-2 flex min-h-8 items-center text-sm text-slate-600">{value || "All colleges"}</div>
    </div>
  );
}
