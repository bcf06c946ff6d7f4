import { COLLEGE_REQUEST_TEXTS, collegeLabel } from "@shared/college-requests";
import { LATER_COLLEGE_REQUEST_TEXTS } from "@shared/college-requests-later";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useRef, useState } from "react";
import { secondaryButton } from "../../../components/ui/button-styles";
import type { ShowNotice } from "../../../components/ui/notice";
import { InlineLoading } from "../../../components/ui/page-loading";
import { useSession } from "../../../lib/session";
import { myCollegeRequestQueryOptions, useFileCollegeRequest } from "../api/college-request";
import { SettingsSection } from "./settings-section";

// The form and the rules it checks load when the student opens it, as on sign-up.
const CollegeRequestForm = lazy(() =>
  import("../../../components/college-request/college-request-form").then((module) => ({
    default: module.CollegeRequestForm,
  })),
);

const FORM_TEXTS = {
  title: COLLEGE_REQUEST_TEXTS.formTitle,
  hint: LATER_COLLEGE_REQUEST_TEXTS.settingsFormHint,
  submit: LATER_COLLEGE_REQUEST_TEXTS.send,
};

/**
 * Settings > 'Your college': the college the profile shows, and "My college isn't listed" for a
 * student whose college is missing from the directory or wrong. One request waits at a time
 * (decision 056); the administrator's 'Add' or 'Merge' decides it and the student is told.
 */
export function CollegeRequestSection({ onResult }: { onResult: ShowNotice }) {
  const { user } = useSession();
  const mine = useQuery(myCollegeRequestQueryOptions);
  const [isOpen, setIsOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const file = useFileCollegeRequest({
    onSuccess: () => {
      setIsOpen(false);
      onResult("success", LATER_COLLEGE_REQUEST_TEXTS.sent);
    },
    onError: (error) => onResult("error", error.message),
  });
  if (!user) return null;
  const waiting = mine.data?.request ?? null;

  function close() {
    setIsOpen(false);
    // The form is gone: the button that opened it takes the focus back.
    requestAnimationFrame(() => openButton.current?.focus());
  }

  return (
    <SettingsSection title={LATER_COLLEGE_REQUEST_TEXTS.settingsTitle}>
      <p className="text-slate-900">
        <span className="font-semibold">{collegeLabel(user) || COLLEGE_REQUEST_TEXTS.pending}</span>
        {user.city ? <span className="text-slate-600">, {user.city}</span> : null}
      </p>
      {mine.isPending ? (
        <InlineLoading />
      ) : waiting ? (
        <p className="mt-2 text-sm text-slate-700">
          {LATER_COLLEGE_REQUEST_TEXTS.waiting(waiting.name, waiting.city)}
        </p>
      ) : isOpen ? (
        <Suspense fallback={<InlineLoading />}>
          <CollegeRequestForm
            initialName=""
            texts={FORM_TEXTS}
            busyLabel={file.isPending ? LATER_COLLEGE_REQUEST_TEXTS.sending : null}
            onUse={(request) => file.mutate(request)}
            onCancel={close}
          />
        </Suspense>
      ) : (
        <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-700">{LATER_COLLEGE_REQUEST_TEXTS.settingsHint}</p>
          <button
            ref={openButton}
            type="button"
            onClick={() => setIsOpen(true)}
            className={`${secondaryButton} shrink-0`}
          >
            {LATER_COLLEGE_REQUEST_TEXTS.settingsOpen}
          </button>
        </div>
      )}
    </SettingsSection>
  );
}
