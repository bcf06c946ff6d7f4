import type { User } from "@shared/api/auth";
import { SIGNUP_REDIRECT_MS } from "@shared/constants";
import { SIGNUP_MESSAGES } from "@shared/validation/messages";
import { checkPasswordStrength } from "@shared/validation/password-strength";
import { type FormEvent, useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import { useZodForm } from "../../../lib/form";
import { signupErrorMessage } from "../api/auth-errors";
import { useSignup } from "../api/signup";
import type { SignupField } from "../form-schemas";
import { useEnterApp } from "./use-enter-app";
import { useSignupBlock } from "./use-signup-block";

const loadSignupFormSchema = () => import("../form-schemas").then((schemas) => schemas.SignupFormSchema);

const SIGNUP_FIELD_ORDER: readonly SignupField[] = [
  "name",
  "email",
  "college",
  "mobile",
  "password",
  "confirmPassword",
  "acceptTerms",
];

/** All state and rules of the signup form (spec sections 4, 5, 8). */
export function useSignupForm() {
  const enterApp = useEnterApp();
  const block = useSignupBlock();
  const [trap, setTrap] = useState("");
  const [createdUser, setCreatedUser] = useState<User | null>(null);
  const { form, fieldError, formError, handleSubmit, setServerError, showFormError, prepare } = useZodForm(
    loadSignupFormSchema,
    {
      defaultValues: {
        name: "",
        email: "",
        college: null,
        mobile: "",
        password: "",
        confirmPassword: "",
        acceptTerms: false,
      },
      fieldOrder: SIGNUP_FIELD_ORDER,
      firstErrorOnly: true,
      // The spec checks on submit; an edit only clears the message (see clearMessage).
      reValidateMode: "onSubmit",
      serverErrorFields: { email_in_use: "email", invalid_email: "email", weak_password: "password" },
      serverErrorMessage: signupErrorMessage,
    },
  );

  const mutation = useSignup({
    onSuccess: (user) => {
      block.clear();
      setCreatedUser(user);
    },
    onError: (failure) => {
      if (block.recordFailure()) showFormError(SIGNUP_MESSAGES.thirdFailure);
      else setServerError(failure);
    },
  });

  // The success banner stays for the spec's 3 seconds. The session is stored only then, since
  // a signed-in visitor of /signup is sent away at once by the route guard.
  useEffect(() => {
    if (!createdUser) return;
    const timer = window.setTimeout(() => enterApp(createdUser), SIGNUP_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [createdUser, enterApp]);

  const [password, acceptTerms] = useWatch({ control: form.control, name: ["password", "acceptTerms"] });
  const strength = checkPasswordStrength(password);
  const invalidField = SIGNUP_FIELD_ORDER.find((name) => fieldError(name) !== undefined) ?? null;

  function handleFormSubmit(event: FormEvent<HTMLFormElement>) {
    // A filled trap field is a bot: the submission is dropped without a word.
    if (trap) {
      event.preventDefault();
      return;
    }
    if (block.isBlocked) {
      event.preventDefault();
      showFormError(SIGNUP_MESSAGES.blocked(Math.ceil(block.remainingSeconds / 60)));
      return;
    }
    void handleSubmit((body) => mutation.mutate(body))(event);
  }

  const isSucceeded = createdUser !== null;
  return {
    form,
    /** The one message shown: the first failing rule, or why the server refused. */
    message: (invalidField ? fieldError(invalidField) : undefined) ?? formError,
    /** The field the message is about, marked invalid and described by it. */
    invalidField,
    /** Any edit clears the message, as the spec checks on submit only. */
    clearMessage: () => form.clearErrors(),
    password,
    strength,
    block,
    trap,
    setTrap,
    isBusy: mutation.isPending,
    isSucceeded,
    canSubmit: !mutation.isPending && !isSucceeded && acceptTerms && !block.isBlocked && strength.isValid,
    handleSubmit: handleFormSubmit,
    /** For the form's onFocus: loads its checks while the person types. */
    prepare,
  };
}
