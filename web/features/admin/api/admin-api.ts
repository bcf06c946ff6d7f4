import { type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";

/** Every admin query starts with "admin", so one invalidation after an action refreshes them all. */
export const adminKeys = {
  all: ["admin"] as const,
  overview: ["admin", "overview"] as const,
  events: ["admin", "events"] as const,
  items: (page: number) => ["admin", "items", page] as const,
  users: (filters: object) => ["admin", "users", filters] as const,
  recruitment: (page: number) => ["admin", "recruitment", page] as const,
  tickets: ["admin", "tickets"] as const,
  ticket: (ticketId: string) => ["admin", "ticket", ticketId] as const,
  audit: (page: number) => ["admin", "audit", page] as const,
  reports: ["admin", "reports"] as const,
};

/** The path of an admin API call with its query string, leaving out empty values. */
export function adminPath(path: string, params: Record<string, string | number | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const query = search.toString();
  return `/api/admin${path}${query ? `?${query}` : ""}`;
}

/**
 * An admin action's mutation. After it succeeds the panel's lists, counts and the audit log are
 * stale, and so are the lists outside the panel that the action changes (`alsoInvalidate`, e.g.
 * ["colleges"]). Only the queries on screen refetch; the mutation stays pending until they have,
 * so a deleted row is gone by the time its button is usable again.
 */
export function useAdminMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  config: Omit<UseMutationOptions<TResult, Error, TInput>, "mutationFn"> = {},
  alsoInvalidate: QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: async (...args) => {
      config.onSuccess?.(...args);
      await Promise.all(
        [adminKeys.all, ...alsoInvalidate].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
