import { formatCollegeOption } from "@shared/colleges";
import { Alert } from "../ui/alert";
import type { CollegeComboboxState } from "./use-college-combobox";

interface CollegeListboxProps {
  combobox: CollegeComboboxState;
  /** How high the popups stack: signup's at z-10; Browse's, events' and teammates' at z-20. */
  layerClass: "z-10" | "z-20";
  /** Signup's way on under 'No matches': "My college isn't listed". */
  notListed?: { label: string; onChoose: () => void };
}

/**
 * What opens under a college combobox: the list of suggestions, or "Loading colleges..." / "No
 * matches" when there is none to show, and a way to try again when the directory did not load.
 */
export function CollegeListbox({ combobox, layerClass, notListed }: CollegeListboxProps) {
  const { matches, activeIndex, isOpen, isListShown, isPending, isError } = combobox;
  const popupClasses = `absolute ${layerClass} mt-1 w-full rounded-lg border border-slate-200 bg-white text-sm shadow-lg`;
  return (
    <>
      {/* Pressing on the list (options or its scrollbar) must not blur the input first. */}
      <div
        id={combobox.listboxId}
        role="listbox"
        aria-label="Colleges"
        hidden={!isListShown}
        onMouseDown={(event) => event.preventDefault()}
        className={`${popupClasses} max-h-56 overflow-y-auto py-1`}
      >
        {matches.map((option, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input (aria-activedescendant)
          <div
            key={`${option.city}|${option.college}`}
            id={combobox.optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            tabIndex={-1}
            onClick={() => combobox.select(option)}
            onMouseMove={() => combobox.setActiveIndex(index)}
            className={`cursor-pointer px-3 py-2.5 ${index === activeIndex ? "bg-indigo-50 text-indigo-900" : "text-slate-800"}`}
          >
            {formatCollegeOption(option)}
          </div>
        ))}
      </div>
      {isOpen && !isListShown && !isError ? (
        <div className={`${popupClasses} px-3 py-2.5 text-slate-600`}>
          <p role="status">{isPending ? "Loading colleges..." : "No matches"}</p>
          {notListed && !isPending ? (
            <button
              type="button"
              // Pressed without blurring the box first, which would close this popup under the finger.
              onMouseDown={(event) => event.preventDefault()}
              onClick={notListed.onChoose}
              className="-mx-3 -mb-2.5 mt-1 block w-[calc(100%+1.5rem)] px-3 py-2.5 text-left font-semibold text-indigo-700 underline-offset-2 hover:bg-indigo-50 hover:underline"
            >
              {notListed.label}
            </button>
          ) : null}
        </div>
      ) : null}
      {isError ? (
        <Alert tone="error" variant="inline" className="mt-1 text-xs">
          Could not load the college list.{" "}
          <button
            type="button"
            onClick={() => combobox.refetch()}
            className="font-semibold text-indigo-700 underline"
          >
            Try again
          </button>
        </Alert>
      ) : null}
    </>
  );
}
