import { z } from "zod";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, ROLES } from "../constants";
import { LOGIN_ERRORS, SIGNUP_MESSAGES } from "../validation/messages";
import { checkPasswordStrength } from "../validation/password-strength";
import { characterCount, isEmailShaped, validateSignup } from "../validation/signup";

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
  bio: z.string(),
  profilePhoto: z.string().nullable(),
  holidayMode: z.object({
    isActive: z.boolean(),
    /** Calendar dates, YYYY-MM-DD. */
    fromDate: z.string().nullable(),
    toDate: z.string().nullable(),
  }),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const MeResponseSchema = z.object({ user: UserSchema.nullable() });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const UserResponseSchema = z.object({ user: UserSchema });

/** Lengths beyond any real value; checked after the spec's rules so their messages come first. */
const SIGNUP_FIELD_LIMITS = {
  name: NAME_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
  city: 100,
  college: 200,
  mobile: 20,
  password: PASSWORD_MAX_LENGTH,
} as const;

/**
 * Signup body. The server runs the same ordered rules as the form, so the first failing rule's
 * message is what a client gets back.
 */
export const SignupBodySchema = z
  .object({
    name: z.string(),
    email: z.string(),
    city: z.string(),
    college: z.string(),
    mobile: z.string(),
    password: z.string(),
    acceptTerms: z.boolean(),
  })
  .superRefine((body, ctx) => {
    const message = validateSignup({ ...body, confirmPassword: body.password });
    if (message) {
      ctx.addIssue({ code: "custom", message });
      return;
    }
    for (const [field, max] of Object.entries(SIGNUP_FIELD_LIMITS)) {
      if (characterCount(body[field as keyof typeof SIGNUP_FIELD_LIMITS]) > max) {
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: `${field} must be at most ${max} characters`,
        });
        return;
      }
    }
  });
export type SignupBody = z.infer<typeof SignupBodySchema>;

export const LoginBodySchema = z.object({
  email: z.string().refine((value) => isEmailShaped(value.trim()), LOGIN_ERRORS.invalid_email),
  password: z
    .string()
    .min(1, "Password is required")
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const TokenBodySchema = z.object({ token: z.string().min(1).max(200) });

export const ForgotPasswordBodySchema = z.object({
  email: z.string().refine((value) => isEmailShaped(value.trim()), LOGIN_ERRORS.invalid_email),
});

export const ResetPasswordBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: z
    .string()
    .refine((value) => checkPasswordStrength(value).isValid, SIGNUP_MESSAGES.password)
    .refine(
      (value) => value.length <= PASSWORD_MAX_LENGTH,
      `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    ),
});

export const OkResponseSchema = z.object({ ok: z.literal(true) });
