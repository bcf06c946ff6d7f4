import type { MeResponse, User } from "@shared/api/auth";
import type { QueryClient } from "@tanstack/react-query";
import { dashboardKeys, itemKeys, profileKeys } from "../../../lib/query-keys";
import { meQueryOptions } from "../../../lib/session";

/**
 * After a settings change the server's user is the truth for the whole app (navigation bar,
 * profile); the profile, item and dashboard queries show the same person, so they are refreshed.
 */
export async function applyUpdatedUser(queryClient: QueryClient, user: User): Promise<void> {
  queryClient.setQueryData<MeResponse>(meQueryOptions.queryKey, { user });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: profileKeys.all }),
    queryClient.invalidateQueries({ queryKey: itemKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}
