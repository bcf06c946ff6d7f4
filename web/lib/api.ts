import type { ErrorResponse } from "@shared/api/errors";

/** A failed API call: the server's error code and its message in plain words. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** What the answer carries besides code and message (a suspended sign-in's appeal offer). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const NETWORK_ERROR_CODE = "network";

/**
 * Calls the API with JSON in and out. Throws ApiError with the server's code and message, or
 * with code "network" when the server could not be reached.
 */
export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: {
        Accept: "application/json",
        ...(json === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_CODE, "Network error. Please check your internet connection.");
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (body as ErrorResponse | null)?.error;
    const { code, message, ...extra } = error ?? {};
    throw new ApiError(response.status, code ?? "unknown", message ?? "Something went wrong.", extra);
  }
  return body as T;
}
