import type { MeResponse, User } from "@shared/api/auth";
import type { HolidayBody } from "@shared/api/profiles";
import type { QueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { meQueryOptions } from "../../../lib/session";

export function updateName(name: string): Promise<{ user: User }> {
  return apiFetch("/api/me/name", { method: "PATCH", json: { name } });
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function changePassword(change: PasswordChange): Promise<void> {
  return apiFetch("/api/me/password", { method: "POST", json: change });
}

export function setHolidayMode(body: HolidayBody): Promise<{ user: User }> {
  return apiFetch("/api/me/holiday", { method: "PUT", json: body });
}

/**
 * After a settings change the server's user is the truth for the whole app (navigation bar,
 * profile); the profile, item and dashboard queries show the same person, so they are refreshed.
 */
export async function applyUpdatedUser(queryClient: QueryClient, user: User): Promise<void> {
  queryClient.setQueryData<MeResponse>(meQueryOptions.queryKey, { user });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ["profiles"] }),
    queryClient.invalidateQueries({ queryKey: ["items"] }),
    queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
  ]);
}
