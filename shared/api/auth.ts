import { z } from "zod";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, ROLES } from "../constants";
import { SESSION_END_REASONS } from "../live-constants";
import { LOGIN_ERRORS, SECOND_FACTOR_MESSAGES, SIGNUP_MESSAGES } from "../validation/messages";
import { checkPasswordStrength } from "../validation/password-strength";
import { characterCount, isEmailShaped, validateSignup } from "../validation/signup";
import { CollegeRequestFieldsSchema } from "./colleges";
import { typedText } from "./text-rules";

/** The signed-in person as the browser sees them. */
export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  city: z.string(),
  /**
   * Empty while the college request of a sign-up waits ('College pending'); a request filed later
   * from Settings keeps the college until the administrator decides.
   */
  college: z.string(),
  /** The student asked for a college the directory lacks; the administrator has not decided yet. */
  collegePending: z.boolean(),
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

export const MeResponseSchema = z.object({
  user: UserSchema.nullable(),
  /** Signed out: why this browser's session was ended, said once (SESSION_END_REASONS). */
  signedOut: z.enum(SESSION_END_REASONS).optional(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;
/**
 * What the server writes into each page of the app: who is signed in, the number of their newest
 * live event when the page was made (the live socket resumes from there), and the answers to the
 * page's first requests, read after that number (what happens later reaches the page live).
 */
export type PageSession = MeResponse & {
  liveSeq?: number;
  /** Answers to the page's first API requests, by path (shared/page-requests.ts). */
  responses?: Record<string, unknown>;
};

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
    name: typedText(),
    email: typedText(),
    city: typedText(),
    college: typedText(),
    mobile: z.string(),
    password: z.string(),
    acceptTerms: z.boolean(),
    /**
     * 'My college isn't listed': city and college are what the student typed, not a directory
     * entry; the account starts with 'College pending' and a request for the administrator.
     */
    collegeNotListed: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const message = validateSignup({ ...body, confirmPassword: body.password });
    if (message) {
      ctx.addIssue({ code: "custom", message });
      return;
    }
    if (body.collegeNotListed) {
      const request = CollegeRequestFieldsSchema.safeParse({ name: body.college, city: body.city });
      if (!request.success) {
        const [issue] = request.error.issues;
        ctx.addIssue({
          code: "custom",
          path: ["college"],
          message: issue?.message ?? SIGNUP_MESSAGES.college,
        });
        return;
      }
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

/**
 * What a correct password of the administrator gets instead of a session: a short-lived,
 * single-use challenge for the second step. `setup` carries a new authenticator key when no
 * second factor is set up yet (the first sign-in).
 */
export const SecondFactorChallengeSchema = z.object({
  challenge: z.string(),
  method: z.enum(["setup", "code"]),
  expiresAt: z.string(),
  setup: z
    .object({
      /** Base32, as an authenticator app takes it typed in. */
      secret: z.string(),
      otpauthUri: z.string(),
      /** A PNG data URL of the otpauth URI. */
      qrCode: z.string(),
    })
    .nullable(),
});
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallengeSchema>;

/** A student is signed in at once; the administrator gets the second step. */
export const LoginResponseSchema = z.union([
  z.object({ user: UserSchema }),
  z.object({ secondFactor: SecondFactorChallengeSchema }),
]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const SecondFactorBodySchema = z.object({
  /** The password step's challenge: 32 random bytes, base64url. */
  challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, SECOND_FACTOR_MESSAGES.expired),
  /** A 6-digit code, or one of the recovery codes (spaces and dashes ignored). */
  code: z
    .string()
    .trim()
    .min(1, SECOND_FACTOR_MESSAGES.codeRequired)
    .regex(/^[A-Za-z0-9 -]{1,40}$/, SECOND_FACTOR_MESSAGES.codeShape),
});
export type SecondFactorBody = z.infer<typeof SecondFactorBodySchema>;

export const SecondFactorResponseSchema = z.object({
  user: UserSchema,
  /** Shown once, right after the setup; null at later sign-ins. */
  recoveryCodes: z.array(z.string()).nullable(),
});
export type SecondFactorResponse = z.infer<typeof SecondFactorResponseSchema>;

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
