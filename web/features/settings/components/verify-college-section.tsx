import type { CollegeVerification } from "@shared/api/verification";
import { COLLEGE_REQUEST_TEXTS } from "@shared/college-requests";
import { CODE_VALID_MINUTES, VERIFICATION_TEXTS } from "@shared/verification-constants";
import BadgeCheckIcon from "lucide-react/icons/badge-check";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { TextField } from "../../../components/ui/field";
import type { ShowNotice } from "../../../components/ui/notice";
import { InlineLoading } from "../../../components/ui/page-loading";
import { useSession } from "../../../lib/session";
import {
  useCollegeVerification,
  useConfirmCollegeCode,
  useSendCollegeCode,
  useSendIdCard,
} from "../api/college-verification";
import { useSettingsForm } from "../hooks/use-settings-form";
import { SettingsSection } from "./settings-section";

const loadEmailSchema = () =>
  import("@shared/api/verification").then((schemas) => schemas.SendCollegeCodeBodySchema);
const loadCodeSchema = () =>
  import("@shared/api/verification").then((schemas) => schemas.ConfirmCollegeCodeBodySchema);

/**
 * Settings > 'Verify your college': a code to an address at one of the college's e-mail domains,
 * or one photo of the student ID for the administrator's review. The server decides every rule.
 */
export function VerifyCollegeSection({ onResult }: { onResult: ShowNotice }) {
  const { user } = useSession();
  const { data, isPending, isError } = useCollegeVerification();
  // A college still pending has nothing to prove yet: the forms come once it is decided.
  if (user?.collegePending) {
    return (
      <SettingsSection title={VERIFICATION_TEXTS.title}>
        <p className="text-sm text-slate-700">
          <span className="font-semibold">{COLLEGE_REQUEST_TEXTS.pending}.</span>{" "}
          {COLLEGE_REQUEST_TEXTS.verifyLater}
        </p>
      </SettingsSection>
    );
  }
  if (isPending) return <InlineLoading />;
  if (isError || !data) {
    return (
      <SettingsSection title={VERIFICATION_TEXTS.title}>
        <Alert tone="error" variant="inline">
          Could not load your verification. Please try again.
        </Alert>
      </SettingsSection>
    );
  }
  const { verification } = data;
  return (
    <SettingsSection title={VERIFICATION_TEXTS.title}>
      {verification.verifiedCollege ? (
        <p className="inline-flex items-center gap-2 font-medium text-green-800">
          <BadgeCheckIcon aria-hidden="true" className="size-5" />
          {VERIFICATION_TEXTS.verifiedOf(verification.verifiedCollege)}
        </p>
      ) : (
        <div className="flex flex-col gap-6">
          {verification.domains.length > 0 ? (
            <CodeForms verification={verification} onResult={onResult} />
          ) : null}
          <IdCardForm verification={verification} onResult={onResult} />
        </div>
      )}
    </SettingsSection>
  );
}

function CodeForms({ verification, onResult }: { verification: CollegeVerification; onResult: ShowNotice }) {
  const [isCodeSent, setIsCodeSent] = useState(false);
  const email = useSettingsForm(loadEmailSchema, onResult, { defaultValues: { email: "" } });
  const code = useSettingsForm(loadCodeSchema, onResult, { defaultValues: { code: "" } });
  const send = useSendCollegeCode({
    onSuccess: () => {
      setIsCodeSent(true);
      onResult("success", VERIFICATION_TEXTS.codeSent(CODE_VALID_MINUTES));
    },
    onError: (error) => onResult("error", error.message),
  });
  const confirm = useConfirmCollegeCode({
    onSuccess: ({ verification: now }) => {
      if (now.verifiedCollege) onResult("success", VERIFICATION_TEXTS.verifiedOf(now.verifiedCollege));
    },
    onError: (error) => onResult("error", error.message),
  });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{VERIFICATION_TEXTS.domainsOf(verification.domains)}</p>
      <form
        onFocus={email.prepare}
        onSubmit={email.submit(({ email: address }) => send.mutate(address))}
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        {email.binding}
        <TextField
          label={VERIFICATION_TEXTS.collegeEmailLabel}
          type="email"
          inputMode="email"
          autoComplete="off"
          aria-invalid={email.invalid("email")}
          className="flex-1"
          {...email.form.register("email")}
        />
        <button
          type="submit"
          disabled={send.isPending}
          className={isCodeSent ? secondaryButton : primaryButton}
        >
          {send.isPending ? "Sending..." : VERIFICATION_TEXTS.sendCode}
        </button>
      </form>
      {isCodeSent ? (
        <form
          onFocus={code.prepare}
          onSubmit={code.submit(({ code: digits }) => confirm.mutate(digits))}
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          {code.binding}
          <TextField
            label={VERIFICATION_TEXTS.codeLabel}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-invalid={code.invalid("code")}
            className="flex-1"
            {...code.form.register("code")}
          />
          <button type="submit" disabled={confirm.isPending} className={primaryButton}>
            {confirm.isPending ? "Verifying..." : VERIFICATION_TEXTS.confirmCode}
          </button>
        </form>
      ) : null}
    </div>
  );
}

function IdCardForm({ verification, onResult }: { verification: CollegeVerification; onResult: ShowNotice }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sendId = useSendIdCard({
    onSuccess: () => {
      setFile(null);
      setProblem(null);
      onResult("success", VERIFICATION_TEXTS.idPending);
    },
    onError: (error) => setProblem(error.message),
  });
  const review = verification.idReview;
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      <h3 className="font-semibold text-slate-900">{VERIFICATION_TEXTS.idTitle}</h3>
      {review?.status === "pending" ? (
        <Alert tone="info">{VERIFICATION_TEXTS.idPending}</Alert>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!file) {
              setProblem("Please choose a photo of your student ID.");
              return;
            }
            sendId.mutate(file);
          }}
          noValidate
          className="flex flex-col gap-3"
        >
          {review?.status === "rejected" && review.reason ? (
            <Alert tone="warning">{VERIFICATION_TEXTS.idRejected(review.reason)}</Alert>
          ) : null}
          <p className="text-sm text-slate-700">{VERIFICATION_TEXTS.idHelp}</p>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            {VERIFICATION_TEXTS.idPhotoLabel}
            <input
              type="file"
              accept="image/*"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              className="min-h-11 text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-3 file:font-medium file:text-indigo-800"
            />
          </label>
          {problem ? (
            <Alert tone="error" variant="inline" className="text-sm">
              {problem}
            </Alert>
          ) : null}
          <button type="submit" disabled={sendId.isPending} className={`${primaryButton} sm:self-start`}>
            {sendId.isPending ? "Sending..." : VERIFICATION_TEXTS.idSubmit}
          </button>
        </form>
      )}
    </div>
  );
}
