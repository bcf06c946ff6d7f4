import { z } from "zod";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, ROLES } from "../constants";
import { LOGIN_ERRORS, SIGNUP_MESSAGES } from "../validation/messages";
import { checkPasswordStrength } from "../validation/password-strength";
import { isEmailShaped, validateSignup } from "../validation/signup";

const text = (max: number) => z.string().max(max);

/** The signed-in person as the browser sees them. */
export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  city: z.string(),
  college: z.string(),
  mobile: z.string(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const MeResponseSchema = z.object({ user: UserSchema.nullable() });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const UserResponseSchema = z.object({ user: UserSchema });

/**
 * Signup body. The server runs the same ordered rules as the form, so the first failing rule's
 * message is what a client gets back.
 */
export const SignupBodySchema = z
  .object({
    name: text(NAME_MAX_LENGTH),
    email: text(EMAIL_MAX_LENGTH + 20),
    city: text(100),
    college: text(200),
    mobile: text(20),
    password: text(PASSWORD_MAX_LENGTH),
    acceptTerms: z.boolean(),
  })
  .superRefine((body, ctx) => {
    const message = validateSignup({ ...body, confirmPassword: body.password });
    if (message) ctx.addIssue({ code: "custom", message });
  });
export type SignupBody = z.infer<typeof SignupBodySchema>;

export const LoginBodySchema = z.object({
  email: z
    .string()
    .max(EMAIL_MAX_LENGTH + 20)
    .refine((value) => isEmailShaped(value.trim()), LOGIN_ERRORS.invalid_email),
  password: z.string().min(1, "Password is required").max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const TokenBodySchema = z.object({ token: z.string().min(1).max(200) });

export const ForgotPasswordBodySchema = z.object({
  email: z
    .string()
    .max(EMAIL_MAX_LENGTH + 20)
    .refine((value) => isEmailShaped(value.trim()), LOGIN_ERRORS.invalid_email),
});

export const ResetPasswordBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH)
    .refine((value) => checkPasswordStrength(value).isValid, SIGNUP_MESSAGES.password),
});

export const OkResponseSchema = z.object({ ok: z.literal(true) });

export const AUTH_MESSAGES = {
  verified: "Your email address is verified.",
  verificationSent: "Verification email sent. Please check your inbox.",
  alreadyVerified: "Your email address is already verified.",
  resetSent: "If an account exists for that address, a reset link is on its way.",
  passwordReset: "Your password has been reset. Please sign in with the new password.",
  invalidToken: "This link is invalid or has expired. Please ask for a new one.",
} as const;
