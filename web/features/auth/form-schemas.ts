/*
 * The sign-in, second-step, password and signup forms' schemas. Loaded on demand by the forms
 * (useZodForm), so that zod reaches the browser only once someone fills one in.
 */

import {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  ResetPasswordBodySchema,
  SecondFactorBodySchema,
  type SignupBody,
  SignupBodySchema,
} from "@shared/api/auth";
import { COLLEGE_REQUEST_TEXTS } from "@shared/college-requests";
import { SECOND_FACTOR_CODE_DIGITS } from "@shared/constants";
import {
  LOGIN_MESSAGES,
  SECOND_FACTOR_MESSAGES,
  SIGNUP_MESSAGES,
  TEXT_MESSAGES,
} from "@shared/validation/messages";
import { mobileDigits, normaliseEmail, sanitiseField, validateSignup } from "@shared/validation/signup";
import { z } from "zod";
import type { SignupCollege } from "./components/college-combobox";

/** The shared sign-in body, with the spec's own words for an empty field. */
export const LoginFormSchema = z.object({
  email: z.string().trim().min(1, LOGIN_MESSAGES.emailRequired).pipe(LoginBodySchema.shape.email),
  password: z.string().min(1, LOGIN_MESSAGES.passwordRequired).pipe(LoginBodySchema.shape.password),
});

const withoutSpaces = (value: string) => value.replace(/\s+/g, "");

/** The authenticator's code: exactly its digits, spaces ignored. */
export const AppCodeSchema = z.object({
  code: z
    .string()
    .transform(withoutSpaces)
    .pipe(
      z
        .string()
        .regex(new RegExp(`^\\d{${SECOND_FACTOR_CODE_DIGITS}}$`), SECOND_FACTOR_MESSAGES.codeRequired),
    ),
});

/** A recovery code: anything the shared body accepts, spaces ignored. */
export const RecoveryCodeSchema = z.object({
  code: z
    .string()
    .transform(withoutSpaces)
    .pipe(z.string().min(1, SECOND_FACTOR_MESSAGES.codeShape).pipe(SecondFactorBodySchema.shape.code)),
});

/** The shared body, with the spec's own words for an empty field. */
export const ForgotPasswordFormSchema = z.object({
  email: z.string().trim().min(1, LOGIN_MESSAGES.emailRequired).pipe(ForgotPasswordBodySchema.shape.email),
});

/** The shared body's password rules, and the confirmation typed the same. */
export const ResetPasswordFormSchema = ResetPasswordBodySchema.pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.password, {
    message: SIGNUP_MESSAGES.confirm,
    path: ["confirmPassword"],
  });

export type SignupField =
  | "name"
  | "email"
  | "college"
  | "mobile"
  | "password"
  | "confirmPassword"
  | "acceptTerms";

/** The field each of the spec's messages belongs to, so the message can point at it. */
const FIELD_OF_MESSAGE = new Map<string, SignupField>([
  [SIGNUP_MESSAGES.name, "name"],
  [SIGNUP_MESSAGES.email, "email"],
  [SIGNUP_MESSAGES.college, "college"],
  [SIGNUP_MESSAGES.mobile, "mobile"],
  [SIGNUP_MESSAGES.password, "password"],
  [SIGNUP_MESSAGES.confirm, "confirmPassword"],
  [SIGNUP_MESSAGES.terms, "acceptTerms"],
  [TEXT_MESSAGES.singleLine("Name"), "name"],
  [TEXT_MESSAGES.singleLine("Email"), "email"],
  [TEXT_MESSAGES.singleLine("City"), "college"],
  [TEXT_MESSAGES.singleLine("College"), "college"],
  ...[
    COLLEGE_REQUEST_TEXTS.nameRequired,
    COLLEGE_REQUEST_TEXTS.nameTooShort,
    COLLEGE_REQUEST_TEXTS.nameTooLong,
    COLLEGE_REQUEST_TEXTS.nameNeedsLetter,
    COLLEGE_REQUEST_TEXTS.cityRequired,
    COLLEGE_REQUEST_TEXTS.cityTooLong,
    COLLEGE_REQUEST_TEXTS.cityNeedsLetter,
    COLLEGE_REQUEST_TEXTS.limited,
  ].map((message): [string, SignupField] => [message, "college"]),
]);

/**
 * What the signup form holds, turned into the signup body: fields sanitised, the spec's rules
 * checked in its order (the first failing one only), then the shared body schema the server applies.
 */
export const SignupFormSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    college: z.custom<SignupCollege | null>(),
    mobile: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
    acceptTerms: z.boolean(),
  })
  .transform((values, ctx): SignupBody => {
    const clean = {
      name: sanitiseField(values.name),
      email: sanitiseField(values.email),
      city: values.college?.city ?? "",
      college: values.college?.college ?? "",
      mobile: sanitiseField(values.mobile),
      password: sanitiseField(values.password),
      acceptTerms: values.acceptTerms,
      ...(values.college?.notListed ? { collegeNotListed: true } : {}),
    };
    const problem = validateSignup({ ...clean, confirmPassword: sanitiseField(values.confirmPassword) });
    if (problem)
      ctx.addIssue({ code: "custom", message: problem, path: [FIELD_OF_MESSAGE.get(problem) ?? "name"] });
    return { ...clean, email: normaliseEmail(clean.email), mobile: mobileDigits(clean.mobile) };
  })
  .pipe(SignupBodySchema);
