import type { ProfileResponse } from "@shared/api/profiles";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiFetch } from "../../../lib/api";
import { profileKeys } from "../../../lib/query-keys";

export const userPath = (userId: string) => `/api/users/${encodeURIComponent(userId)}`;

export const profileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileKeys.detail(userId),
    queryFn: ({ signal }) => apiFetch<ProfileResponse>(userPath(userId), { signal }),
  });

/**
 * The server answers 404 for an unknown person (or the administrator) and 400 for an id that is
 * not one at all; to the reader both mean the same: there is no such profile.
 */
export function isUserNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
