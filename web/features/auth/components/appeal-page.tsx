import { SUSPENSION_TEXTS } from "@shared/suspension-texts";
import { TICKET_DESCRIPTION_MAX_LENGTH } from "@shared/tickets-constants";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, textLink } from "../../../components/ui/button-styles";
import { Field, inputClasses } from "../../../components/ui/field";
import { useZodForm } from "../../../lib/form";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { authErrorMessage } from "../api/auth-errors";
import { useSendAppeal } from "../api/send-appeal";
import { forgetAppeal, keptAppeal } from "../appeal-offer";
import { AuthLayout } from "./auth-layout";

const loadAppealFormSchema = () =>
  import("../appeal-form-schema").then((schemas) => schemas.AppealFormSchema);

/**
 * /appeal: a suspended student, who cannot sign in, appeals the suspension. The refused sign-in
 * left its token in this tab; the appeal becomes a support ticket of purpose 'Appeal'.
 */
export function AppealPage() {
  useDocumentTitle(SUSPENSION_TEXTS.appealTitle);
  const [appeal] = useState(() => keptAppeal());
  const [sent, setSent] = useState<string | null>(null);
  const { form, fieldError, formError, handleSubmit, setServerError, prepare } = useZodForm(
    loadAppealFormSchema,
    { defaultValues: { description: "" }, serverErrorMessage: authErrorMessage },
  );
  const mutation = useSendAppeal({ onError: setServerError });
  const description = form.watch("description");

  return (
    <AuthLayout title={SUSPENSION_TEXTS.appealTitle} subtitle={SUSPENSION_TEXTS.appealIntro}>
      {sent ? (
        <Alert tone="success">{sent}</Alert>
      ) : !appeal ? (
        <Alert tone="info">{SUSPENSION_TEXTS.noAppeal}</Alert>
      ) : (
        <form
          noValidate
          onFocus={prepare}
          onSubmit={handleSubmit(({ description: text }) =>
            mutation.mutate(
              { token: appeal.token, description: text },
              {
                onSuccess: (answer) => {
                  forgetAppeal();
                  setSent(answer.message);
                },
              },
            ),
          )}
          className="space-y-4"
        >
          {appeal.message ? (
            <Alert tone="warning" as="p">
              {appeal.message}
            </Alert>
          ) : null}
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <Field
            label={SUSPENSION_TEXTS.appealLabel}
            hint={`${description.length}/${TICKET_DESCRIPTION_MAX_LENGTH} characters`}
            error={fieldError("description")}
          >
            {(control) => (
              <textarea
                {...control}
                required
                rows={6}
                maxLength={TICKET_DESCRIPTION_MAX_LENGTH}
                className={`${inputClasses} resize-y`}
                {...form.register("description")}
              />
            )}
          </Field>
          <button type="submit" disabled={mutation.isPending} className={`${primaryButton} w-full`}>
            {mutation.isPending ? SUSPENSION_TEXTS.sending : SUSPENSION_TEXTS.send}
          </button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className={textLink}>
          {SUSPENSION_TEXTS.backToSignIn}
        </Link>
      </p>
    </AuthLayout>
  );
}
