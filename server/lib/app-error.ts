import { ERROR_STATUS, type ErrorCode } from "@shared/api/errors";

/** The one error type services throw; the error plugin turns it into `{error: {code, message}}`. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** More of the answer, beside code and message (a route's schema must name it). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
  }
}

export const notSignedIn = () => new AppError("unauthenticated", "Please sign in to continue.");
export const notFound = (message = "Not found.") => new AppError("not_found", message);
