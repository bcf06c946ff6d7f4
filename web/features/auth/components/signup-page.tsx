import { SIGNUP_MESSAGES } from "@shared/validation/messages";
import { sanitiseField, sanitiseWhileTyping } from "@shared/validation/signup";
import { type ChangeEvent, type FocusEvent, lazy, type ReactNode, Suspense, useEffect, useRef } from "react";
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
import { TermsCheckbox } from "./terms-checkbox";

const STRENGTH_ID = "signup-password-strength";

// Decorative (wide screens only): loaded after the form rather than with it, which keeps the
// first script of /signup within its budget.
const SignupAnimation = lazy(() =>
  import("./signup-animation").then((module) => ({ default: module.SignupAnimation })),
);
// Shown only once a password is typed, or while the form is blocked: each loaded when first shown
// (on the form's first focus for the bar), which leaves room in /signup's first script.
const loadStrengthBar = () => import("./password-strength-bar");
const PasswordStrengthBar = lazy(() =>
  loadStrengthBar().then((module) => ({ default: module.PasswordStrengthBar })),
);
const SignupBlockBanner = lazy(() =>
  import("./signup-block-banner").then((module) => ({ default: module.SignupBlockBanner })),
);
const MESSAGE_ID = "signup-message";

type SignupTextField = "name" | "email" | "mobile" | "password" | "confirmPassword";
type SignupField = SignupTextField | "college" | "acceptTerms";

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

  // The one message shows where the eye is: under the field it is about (which takes the focus and
  // is scrolled to), or at the top of the form when it is about no field (then it takes the focus).
  const messageAlert = signup.message ? (
    <Alert tone="error">
      <span id={MESSAGE_ID}>{signup.message}</span>
    </Alert>
  ) : null;
  const messageAbout = (name: SignupField | null): ReactNode => (invalidField === name ? messageAlert : null);

  // Create Account is pressed at the foot of the form; the success and block banners show at its
  // head, so a phone is brought up to them.
  const bannersRef = useRef<HTMLDivElement>(null);
  const { isSucceeded } = signup;
  const isBlocked = signup.block.isBlocked;
  useEffect(() => {
    if (!isSucceeded && !isBlocked) return;
    const banners = bannersRef.current;
    banners?.scrollIntoView?.({ block: "start", behavior: "smooth" });
    if (isSucceeded) banners?.focus({ preventScroll: true });
  }, [isSucceeded, isBlocked]);

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Join the marketplace of your campus."
      aside={
        <Suspense fallback={null}>
          <SignupAnimation />
        </Suspense>
      }
    >
      <form
        noValidate
        onFocus={() => {
          signup.prepare();
          void loadStrengthBar();
        }}
        onSubmit={signup.handleSubmit}
        className="relative space-y-4"
      >
        {isSucceeded || isBlocked ? (
          <div ref={bannersRef} tabIndex={-1} className="scroll-mt-24 space-y-4 focus:outline-none">
            {isSucceeded ? <Alert tone="success">{SIGNUP_MESSAGES.success}</Alert> : null}
            {isBlocked ? (
              <Suspense fallback={null}>
                <SignupBlockBanner remainingSeconds={signup.block.remainingSeconds} />
              </Suspense>
            ) : null}
          </div>
        ) : null}
        {messageAbout(null)}

        <TextField label="Full Name" autoComplete="name" {...textProps("name")} />
        {messageAbout("name")}
        <TextField
          label="Email Address"
          type="email"
          inputMode="email"
          autoComplete="email"
          {...textProps("email")}
        />
        {messageAbout("email")}
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
        {messageAbout("college")}
        <TextField
          label="Mobile Number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="10-digit mobile number"
          {...textProps("mobile")}
        />
        {messageAbout("mobile")}
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
          {hasPassword ? (
            <Suspense fallback={null}>
              <PasswordStrengthBar id={STRENGTH_ID} strength={signup.strength} />
            </Suspense>
          ) : null}
        </div>
        {messageAbout("password")}
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          showLabel="Show confirm password"
          hideLabel="Hide confirm password"
          {...textProps("confirmPassword")}
        />
        {messageAbout("confirmPassword")}
        <TermsCheckbox
          {...form.register("acceptTerms", { onChange: signup.clearMessage })}
          {...invalidProps("acceptTerms")}
        />
        {messageAbout("acceptTerms")}
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
