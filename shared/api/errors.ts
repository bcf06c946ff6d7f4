import { z } from "zod";

/** Every error the API answers with: a stable code for programs and a message for people. */
export const ErrorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** Error codes and the HTTP status each one answers with. */
export const ERROR_STATUS = {
  invalid_input: 400,
  invalid_token: 400,
  wrong_password: 400,
  unauthenticated: 401,
  invalid_credential: 401,
  invalid_code: 401,
  sign_in_expired: 401,
  forbidden: 403,
  user_disabled: 403,
  user_suspended: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  email_in_use: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
