import type { User } from "@shared/api/auth";
import type { CollegeOption } from "@shared/colleges";
import { SIGNUP_REDIRECT_MS } from "@shared/constants";
import { SIGNUP_MESSAGES } from "@shared/validation/messages";
import { checkPasswordStrength } from "@shared/validation/password-strength";
import {
  mobileDigits,
  normaliseEmail,
  sanitiseField,
  sanitiseWhileTyping,
  validateSignup,
} from "@shared/validation/signup";
import { type FormEvent, useEffect, useState } from "react";
import { signupErrorMessage } from "../api/auth-errors";
import { useSignup } from "../api/signup";
import { useEnterApp } from "./use-enter-app";
import { useSignupBlock } from "./use-signup-block";

export type SignupTextField = "name" | "email" | "mobile" | "password" | "confirmPassword";

const EMPTY_FIELDS: Record<SignupTextField, string> = {
  name: "",
  email: "",
  mobile: "",
  password: "",
  confirmPassword: "",
};

function sanitiseAll(fields: Record<SignupTextField, string>): Record<SignupTextField, string> {
  return {
    name: sanitiseField(fields.name),
    email: sanitiseField(fields.email),
    mobile: sanitiseField(fields.mobile),
    password: sanitiseField(fields.password),
    confirmPassword: sanitiseField(fields.confirmPassword),
  };
}

/** All state and rules of the signup form (spec sections 4, 5, 8). */
export function useSignupForm() {
  const enterApp = useEnterApp();
  const block = useSignupBlock();
  const [fields, setFields] = useState(EMPTY_FIELDS);
  const [college, setCollege] = useState<CollegeOption | null>(null);
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [trap, setTrap] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [createdUser, setCreatedUser] = useState<User | null>(null);

  const mutation = useSignup({
    onSuccess: (user) => {
      block.clear();
      setCreatedUser(user);
    },
    onError: (failure) => {
      const isNowBlocked = block.recordFailure();
      setError(isNowBlocked ? SIGNUP_MESSAGES.thirdFailure : signupErrorMessage(failure));
    },
  });

  // The success banner stays for the spec's 3 seconds. The session is stored only then, since
  // a signed-in visitor of /signup is sent away at once by the route guard.
  useEffect(() => {
    if (!createdUser) return;
    const timer = window.setTimeout(() => enterApp(createdUser), SIGNUP_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [createdUser, enterApp]);

  const strength = checkPasswordStrength(fields.password);

  function changeField(field: SignupTextField, value: string) {
    setFields((current) => ({ ...current, [field]: sanitiseWhileTyping(value) }));
    setError(null);
  }

  function blurField(field: SignupTextField) {
    setFields((current) => ({ ...current, [field]: sanitiseField(current[field]) }));
  }

  function changeCollege(option: CollegeOption | null) {
    setCollege(option);
    setError(null);
  }

  function changeTerms(checked: boolean) {
    setAcceptTerms(checked);
    setError(null);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (trap) return;
    if (block.isBlocked) {
      setError(SIGNUP_MESSAGES.blocked(Math.ceil(block.remainingSeconds / 60)));
      return;
    }
    const clean = sanitiseAll(fields);
    setFields(clean);
    const problem = validateSignup({
      ...clean,
      city: college?.city ?? "",
      college: college?.college ?? "",
      acceptTerms,
    });
    setError(problem);
    if (problem || !college) return;
    mutation.mutate({
      name: clean.name,
      email: normaliseEmail(clean.email),
      city: college.city,
      college: college.college,
      mobile: mobileDigits(clean.mobile),
      password: clean.password,
      acceptTerms,
    });
  }

  const isSucceeded = createdUser !== null;
  return {
    fields,
    college,
    acceptTerms,
    trap,
    error,
    strength,
    block,
    isBusy: mutation.isPending,
    isSucceeded,
    canSubmit: !mutation.isPending && !isSucceeded && acceptTerms && !block.isBlocked && strength.isValid,
    changeField,
    blurField,
    changeCollege,
    changeTerms,
    clearError: () => setError(null),
    setTrap,
    handleSubmit,
  };
}
