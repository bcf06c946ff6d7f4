import type { QueryClient } from "@tanstack/react-query";

/**
 * The query keys more than one part of the app refreshes. Every item query starts with "items"
 * and every profile query with "profiles", so one invalidation refreshes all of them, and a change
 * made on one screen (an item marked sold from a profile) reaches the others without importing them.
 */
export const itemKeys = {
  all: ["items"] as const,
  detail: (id: string) => ["items", "detail", id] as const,
};

export const profileKeys = {
  all: ["profiles"] as const,
  detail: (userId: string) => ["profiles", "detail", userId] as const,
};

/**
 * Campus events: the Events page, the admin's changes and the events recruitment posts link to.
 * Every events query starts with "events", so the live socket's `events.changed` refreshes them all.
 */
export const campusEventKeys = {
  all: ["events"] as const,
  upcoming: ["events", "upcoming"] as const,
};

/** The dashboard's tiles count items posted and followers. */
export const dashboardKeys = {
  all: ["dashboard"] as const,
};

/**
 * After an item is posted, edited, sold or deleted: browse pages, item pages, the profile grids and
 * the dashboard counts may all show it. `exceptItemId` is an item page already updated from the
 * server's answer, which a refetch would only make flicker.
 */
export function invalidateItemQueries(queryClient: QueryClient, exceptItemId?: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: itemKeys.all,
      predicate: (query) => !(query.queryKey[1] === "detail" && query.queryKey[2] === exceptItemId),
    }),
    queryClient.invalidateQueries({ queryKey: profileKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}
