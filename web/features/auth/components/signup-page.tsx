import { SIGNUP_MESSAGES } from "@shared/validation/messages";
import { sanitiseField, sanitiseWhileTyping } from "@shared/validation/signup";
import type { ChangeEvent, FocusEvent } from "react";
import { Controller } from "react-hook-form";
import { Link } from "react-router";
import { PasswordInput } from "../../../components/password-input/password-input";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, textLink } from "../../../components/ui/button-styles";
import { TextField } from "../../../components/ui/field";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useSignupForm } from "../hooks/use-signup-form";
import { AuthLayout } from "./auth-layout";
import { BotTrapField } from "./bot-trap-field";
import { CollegeCombobox } from "./college-combobox";
import { PasswordStrengthBar } from "./password-strength-bar";
import { SignupAnimation } from "./signup-animation";
import { SignupBlockBanner } from "./signup-block-banner";
import { TermsCheckbox } from "./terms-checkbox";

const STRENGTH_ID = "signup-password-strength";
const MESSAGE_ID = "signup-message";

type SignupTextField = "name" | "email" | "mobile" | "password" | "confirmPassword";

export function SignupPage() {
  useDocumentTitle("Sign up");
  const signup = useSignupForm();
  const { form, invalidField } = signup;

  /** The field the message is about is marked invalid and described by the message. */
  const invalidProps = (name: string) =>
    invalidField === name ? { "aria-invalid": true, "aria-describedby": MESSAGE_ID } : {};

  // Unsafe characters and leading spaces go as the person types; the rest of the trimming when
  // the field is left (so a space between two words survives until the next letter).
  const textProps = (name: SignupTextField) => {
    const { onChange, onBlur, ...registered } = form.register(name);
    return {
      ...registered,
      ...invalidProps(name),
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const clean = sanitiseWhileTyping(event.target.value);
        if (clean !== event.target.value) event.target.value = clean;
        signup.clearMessage();
        return onChange(event);
      },
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        const clean = sanitiseField(event.target.value);
        if (clean !== event.target.value) event.target.value = clean;
        return onBlur(event);
      },
    };
  };
  const hasPassword = signup.password !== "";

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Join the marketplace of your campus."
      aside={<SignupAnimation />}
    >
      <form noValidate onFocus={signup.prepare} onSubmit={signup.handleSubmit} className="relative space-y-4">
        {signup.isSucceeded ? <Alert tone="success">{SIGNUP_MESSAGES.success}</Alert> : null}
        {signup.block.isBlocked ? (
          <SignupBlockBanner remainingSeconds={signup.block.remainingSeconds} />
        ) : null}
        {signup.message ? (
          <Alert tone="error">
            <span id={MESSAGE_ID}>{signup.message}</span>
          </Alert>
        ) : null}

        <TextField label="Full Name" autoComplete="name" {...textProps("name")} />
        <TextField
          label="Email Address"
          type="email"
          inputMode="email"
          autoComplete="email"
          {...textProps("email")}
        />
        <Controller
          control={form.control}
          name="college"
          render={({ field }) => (
            <CollegeCombobox
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onEdit={signup.clearMessage}
              isInvalid={invalidField === "college"}
              messageId={MESSAGE_ID}
            />
          )}
        />
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
            {...textProps("password")}
            aria-describedby={
              [invalidField === "password" ? MESSAGE_ID : null, hasPassword ? STRENGTH_ID : null]
                .filter(Boolean)
                .join(" ") || undefined
            }
          />
          {hasPassword ? <PasswordStrengthBar id={STRENGTH_ID} strength={signup.strength} /> : null}
        </div>
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          showLabel="Show confirm password"
          hideLabel="Hide confirm password"
          {...textProps("confirmPassword")}
        />
        <TermsCheckbox
          {...form.register("acceptTerms", { onChange: signup.clearMessage })}
          {...invalidProps("acceptTerms")}
        />
        <BotTrapField value={signup.trap} onChange={signup.setTrap} />

        <button type="submit" disabled={!signup.canSubmit} className={`${primaryButton} w-full`}>
          {signup.isBusy ? "Creating Account..." : "Create Account"}
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
