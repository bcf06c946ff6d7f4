import { AUTH_MESSAGES } from "@shared/validation/messages";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { primaryButton } from "../../../components/ui/button-styles";
import { PageLoading } from "../../../components/ui/page-loading";
import { useSession } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { authErrorMessage } from "../api/auth-errors";
import { useVerifyEmail } from "../api/verify-email";
import { AuthLayout } from "./auth-layout";

/** Opened from the verification mail: spends the token once, then says how it went. */
export function VerifyEmailPage() {
  useDocumentTitle("Verify email");
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const { user } = useSession();
  const mutation = useVerifyEmail();
  const { mutate } = mutation;

  // A ref, not state, so React's development double-run of effects still sends one request.
  const hasSent = useRef(false);
  useEffect(() => {
    if (!token || hasSent.current) return;
    hasSent.current = true;
    mutate(token);
  }, [token, mutate]);

  const next = user
    ? { to: "/dashboard", label: "Go to Dashboard" }
    : { to: "/login", label: "Go to sign in" };

  const isDone = !token || mutation.isSuccess || mutation.isError;
  let body: ReactNode;
  if (!token) body = <Alert tone="error">{AUTH_MESSAGES.invalidToken}</Alert>;
  else if (mutation.isSuccess) body = <Alert tone="success">{AUTH_MESSAGES.verified}</Alert>;
  else if (mutation.isError) body = <Alert tone="error">{authErrorMessage(mutation.error)}</Alert>;
  else body = <PageLoading label="Verifying your email address..." />;

  return (
    <AuthLayout title="Email verification">
      {body}
      {isDone ? (
        <Link to={next.to} className={`${primaryButton} mt-6 w-full`}>
          {next.label}
        </Link>
      ) : null}
    </AuthLayout>
  );
}
