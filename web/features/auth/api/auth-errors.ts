import { LOGIN_ERRORS, SIGNUP_ERRORS } from "@shared/validation/messages";
import { ApiError, NETWORK_ERROR_CODE } from "../../../lib/api";

/**
 * The sign-in failure in the spec's words. Known codes use the spec's catalogue (the server
 * words them the same); another refusal (4xx) keeps the server's message; faults get the fallback.
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return LOGIN_ERRORS.unknown;
  if (error.code === NETWORK_ERROR_CODE) return LOGIN_ERRORS.network;
  const known = LOGIN_ERRORS[error.code];
  if (known) return known;
  if (error.status >= 400 && error.status < 500) return error.message;
  return LOGIN_ERRORS.unknown;
}

/** The signup failure in the spec's words; invalid input carries the first failing rule's message. */
export function signupErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return SIGNUP_ERRORS.unknown;
  if (error.code === "invalid_input") return error.message;
  if (error.code === NETWORK_ERROR_CODE) return SIGNUP_ERRORS.network;
  return SIGNUP_ERRORS[error.code] ?? SIGNUP_ERRORS.unknown;
}

/** For the smaller auth forms (reset, verify, resend): the server's message, or a network hint. */
export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError)
    return error.code === NETWORK_ERROR_CODE ? LOGIN_ERRORS.network : error.message;
  return "Something went wrong. Please try again.";
}
