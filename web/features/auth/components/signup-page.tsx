import { SIGNUP_MESSAGES } from "@shared/validation/messages";
import type { ChangeEvent } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, textLink } from "../../../components/ui/button-styles";
import { TextField } from "../../../components/ui/text-field";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { type SignupTextField, useSignupForm } from "../hooks/use-signup-form";
import { AuthLayout } from "./auth-layout";
import { BotTrapField } from "./bot-trap-field";
import { CollegeCombobox } from "./college-combobox";
import { PasswordInput } from "./password-input";
import { PasswordStrengthBar } from "./password-strength-bar";
import { SignupAnimation } from "./signup-animation";
import { SignupBlockBanner } from "./signup-block-banner";
import { TermsCheckbox } from "./terms-checkbox";

const STRENGTH_ID = "signup-password-strength";

export function SignupPage() {
  useDocumentTitle("Sign up");
  const form = useSignupForm();
  const textProps = (field: SignupTextField) => ({
    name: field,
    value: form.fields[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.changeField(field, event.target.value),
    onBlur: () => form.blurField(field),
  });

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Join the marketplace of your campus."
      aside={<SignupAnimation />}
    >
      <form noValidate onSubmit={form.handleSubmit} className="relative space-y-4">
        {form.isSucceeded ? <Alert tone="success">{SIGNUP_MESSAGES.success}</Alert> : null}
        {form.block.isBlocked ? <SignupBlockBanner remainingSeconds={form.block.remainingSeconds} /> : null}
        {form.error ? <Alert tone="error">{form.error}</Alert> : null}

        <TextField label="Full Name" autoComplete="name" {...textProps("name")} />
        <TextField
          label="Email Address"
          type="email"
          inputMode="email"
          autoComplete="email"
          {...textProps("email")}
        />
        <CollegeCombobox value={form.college} onChange={form.changeCollege} onEdit={form.clearError} />
        <TextField
          label="Mobile Number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="10-digit mobile number"
          {...textProps("mobile")}
        />
        <div>
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            aria-describedby={form.fields.password ? STRENGTH_ID : undefined}
            {...textProps("password")}
          />
          {form.fields.password ? <PasswordStrengthBar id={STRENGTH_ID} strength={form.strength} /> : null}
        </div>
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          showLabel="Show confirm password"
          hideLabel="Hide confirm password"
          {...textProps("confirmPassword")}
        />
        <TermsCheckbox checked={form.acceptTerms} onChange={form.changeTerms} />
        <BotTrapField value={form.trap} onChange={form.setTrap} />

        <button type="submit" disabled={!form.canSubmit} className={`${primaryButton} w-full`}>
          {form.isBusy ? "Creating Account..." : "Create Account"}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link to="/login" className={textLink}>
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
