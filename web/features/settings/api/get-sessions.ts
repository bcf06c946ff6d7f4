import type { DeviceSessionsResponse } from "@shared/api/sessions";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

/** Where the user is signed in; always asked afresh, as another device may sign in meanwhile. */
export const sessionsQueryOptions = queryOptions({
  queryKey: ["settings", "sessions"],
  queryFn: () => apiFetch<DeviceSessionsResponse>("/api/me/sessions"),
  staleTime: 0,
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
