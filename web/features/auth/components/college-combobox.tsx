import { type CollegeOption, formatCollegeOption, NOT_LISTED_TEXTS } from "@shared/colleges";
import { sanitiseField, sanitiseWhileTyping } from "@shared/validation/signup";
import { lazy, type Ref, Suspense, useState } from "react";
import { CollegeListbox } from "../../../components/college-combobox/college-listbox";
import { useCollegeCombobox } from "../../../components/college-combobox/use-college-combobox";
import { inputClasses, labelClasses } from "../../../components/ui/field";

// Asked for by few, so loaded when someone presses "My college isn't listed" (with the rules it
// checks), not with the page.
const CollegeRequestForm = lazy(() =>
  import("../../../components/college-request/college-request-form").then((module) => ({
    default: module.CollegeRequestForm,
  })),
);

/** The chosen college: one of the directory, or one the student named ('My college isn't listed'). */
export type SignupCollege = CollegeOption & { notListed?: boolean };

interface CollegeComboboxProps {
  value: SignupCollege | null;
  onChange: (option: SignupCollege | null) => void;
  /** Any keystroke in the box, so the form can clear its message. */
  onEdit: () => void;
  /** The form's, to focus the box when no college is chosen. */
  ref?: Ref<HTMLInputElement>;
  /** The form's message is about this box: marked invalid and described by it. */
  isInvalid?: boolean;
  messageId?: string;
}

/** The single city-and-college search box: an ARIA 1.2 combobox with a list of suggestions. */
export function CollegeCombobox({
  value,
  onChange,
  onEdit,
  ref,
  isInvalid = false,
  messageId,
}: CollegeComboboxProps) {
  const combobox = useCollegeCombobox({
    onSelect: onChange,
    initialQuery: value ? formatCollegeOption(value) : "",
    isChoiceKeptInBox: true,
    canEnterSubmit: true,
    isSearchedOnServer: true,
  });
  const [requestName, setRequestName] = useState<string | null>(null);
  const statusId = `${combobox.baseId}-status`;
  const describedBy = [isInvalid ? messageId : null, value ? statusId : null].filter(Boolean).join(" ");

  function handleInput(raw: string) {
    const next = sanitiseWhileTyping(raw);
    combobox.handleQueryChange(next);
    onEdit();
    // Text that no longer reads as the chosen college means no college is chosen.
    if (value && next !== formatCollegeOption(value)) onChange(null);
  }

  function handleBlur() {
    combobox.close();
    // A chosen college keeps its own spelling; only free text is sanitised.
    if (!value) combobox.setQuery((current) => sanitiseField(current));
  }

  function openRequest() {
    combobox.close();
    onEdit();
    setRequestName(sanitiseField(combobox.inputProps.value));
  }

  function chooseRequested(request: { name: string; city: string }) {
    const chosen = { city: request.city, college: request.name, notListed: true };
    onChange(chosen);
    combobox.setQuery(formatCollegeOption(chosen));
    setRequestName(null);
  }

  return (
    <div className="relative">
      <label htmlFor={combobox.inputId} className={labelClasses}>
        City and College
      </label>
      <input
        {...combobox.inputProps}
        ref={ref}
        type="text"
        name="college-search"
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy || undefined}
        placeholder="Search by college or city"
        onChange={(event) => handleInput(event.target.value)}
        onBlur={handleBlur}
        className={inputClasses}
      />
      <CollegeListbox
        combobox={combobox}
        layerClass="z-10"
        notListed={{ label: NOT_LISTED_TEXTS.link, onChoose: openRequest }}
      />
      {value ? (
        <p id={statusId} className="mt-1 text-xs text-slate-600">
          {value.notListed
            ? NOT_LISTED_TEXTS.chosen(value.college, value.city)
            : `Selected: ${value.college} (${value.city})`}
        </p>
      ) : null}
      {requestName !== null ? (
        <Suspense fallback={<p className="mt-2 text-sm text-slate-600">Loading...</p>}>
          <CollegeRequestForm
            initialName={requestName}
            onUse={chooseRequested}
            onCancel={() => setRequestName(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
