import { CollegeRequestFieldsSchema } from "@shared/api/colleges";
import { COLLEGE_REQUEST_TEXTS } from "@shared/college-requests";
import { sanitiseWhileTyping } from "@shared/validation/signup";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { primaryButton, secondaryButton } from "../ui/button-styles";
import { TextField } from "../ui/field";

interface CollegeRequestFormProps {
  /** What was typed in the picker, as the name to start from. */
  initialName: string;
  onUse: (request: { name: string; city: string }) => void;
  onCancel: () => void;
  /** Its heading, hint and button: sign-up's ('Add your college', 'Use this college') unless given. */
  texts?: { title: string; hint: string; submit: string };
  /** While the request is on its way (Settings sends it): the button's words, and it waits. */
  busyLabel?: string | null;
}

/**
 * "My college isn't listed": the college's name and city, checked by the rules the server applies
 * (loaded with this form, on its first use). Sign-up uses the college as the account's (inside its
 * form, so Enter here uses the college instead of submitting the account); Settings sends it as a
 * request of a signed-in student.
 */
export function CollegeRequestForm({
  initialName,
  onUse,
  onCancel,
  texts = {
    title: COLLEGE_REQUEST_TEXTS.formTitle,
    hint: COLLEGE_REQUEST_TEXTS.formHint,
    submit: COLLEGE_REQUEST_TEXTS.use,
  },
  busyLabel = null,
}: CollegeRequestFormProps) {
  const [name, setName] = useState(initialName);
  const [city, setCity] = useState("");
  const [errors, setErrors] = useState<{ name?: string; city?: string }>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const cityRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    (initialName ? cityRef : nameRef).current?.focus();
  }, [initialName]);

  function use() {
    if (busyLabel) return;
    const parsed = CollegeRequestFieldsSchema.safeParse({ name, city });
    if (parsed.success) {
      onUse(parsed.data);
      return;
    }
    const found: { name?: string; city?: string } = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === "city" ? "city" : "name";
      found[field] ??= issue.message;
    }
    setErrors(found);
    (found.name ? nameRef : cityRef).current?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    use();
  }

  return (
    <fieldset className="mt-2 space-y-3 rounded-lg border border-indigo-200 bg-indigo-50/50 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-900">{texts.title}</legend>
      <p className="text-xs text-slate-600">{texts.hint}</p>
      <TextField
        ref={nameRef}
        label={COLLEGE_REQUEST_TEXTS.nameLabel}
        name="requested-college"
        autoComplete="off"
        value={name}
        error={errors.name}
        onChange={(event) => {
          setName(sanitiseWhileTyping(event.target.value));
          setErrors({});
        }}
        onKeyDown={handleKeyDown}
      />
      <TextField
        ref={cityRef}
        label={COLLEGE_REQUEST_TEXTS.cityLabel}
        name="requested-city"
        autoComplete="address-level2"
        value={city}
        error={errors.city}
        onChange={(event) => {
          setCity(sanitiseWhileTyping(event.target.value));
          setErrors({});
        }}
        onKeyDown={handleKeyDown}
      />
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={use} disabled={busyLabel !== null} className={primaryButton}>
          {busyLabel ?? texts.submit}
        </button>
        <button type="button" onClick={onCancel} className={secondaryButton}>
          {COLLEGE_REQUEST_TEXTS.cancel}
        </button>
      </div>
    </fieldset>
  );
}
