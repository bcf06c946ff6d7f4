import type { MeResponse, User } from "@shared/api/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "./api";

export const meQueryOptions = queryOptions({
  queryKey: ["auth", "me"],
  queryFn: () => apiFetch<MeResponse>("/api/auth/me"),
  staleTime: 60_000,
});

export interface Session {
  user: User | null;
  isAdmin: boolean;
  isLoading: boolean;
  /** Still loading because there is no connection: the page says it is offline, not loading. */
  isWaitingForNetwork?: boolean;
}

/** Who is signed in, as the server says; the browser never decides the role itself. */
export function useSession(): Session {
  const { data, isPending, fetchStatus } = useQuery(meQueryOptions);
  const user = data?.user ?? null;
  return {
    user,
    isAdmin: user?.role === "admin",
    isLoading: isPending,
    isWaitingForNetwork: isPending && fetchStatus === "paused",
  };
}
