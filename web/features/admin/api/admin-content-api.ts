import type { AdminItemsResponseSchema, AdminRecruitmentResponseSchema } from "@shared/api/admin";
import type { CollegesResponse } from "@shared/api/colleges";
import type { CampusEvent, CreateEventBody } from "@shared/api/events";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "../../../lib/api";
import { adminKeys, adminPath } from "./admin-api";

/** The marketplace tab's page size, as the server pages it. */
export const ADMIN_ITEMS_PAGE_SIZE = 50;

/**
 * The college directory under the key signup's picker and the filters use (["colleges"]), so
 * invalidating it after an add or delete refreshes every picker in this tab.
 */
export const collegeKeys = { all: ["colleges"] as const };
export const collegeDirectoryQueryOptions = queryOptions({
  queryKey: collegeKeys.all,
  queryFn: ({ signal }) => apiFetch<CollegesResponse>("/api/colleges", { signal }),
});

/** The events page's queries all start with "events". */
export const publicEventKeys = { all: ["events"] as const };

export const adminEventsQueryOptions = queryOptions({
  queryKey: adminKeys.events,
  queryFn: ({ signal }) => apiFetch<{ events: CampusEvent[] }>(adminPath("/events"), { signal }),
});

export function createEvent(body: CreateEventBody): Promise<{ event: CampusEvent }> {
  return apiFetch(adminPath("/events"), { method: "POST", json: body });
}

export function deleteEvent(id: string): Promise<void> {
  return apiFetch(adminPath(`/events/${encodeURIComponent(id)}`), { method: "DELETE" });
}

export const adminItemsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.items(page),
    queryFn: ({ signal }) =>
      apiFetch<z.infer<typeof AdminItemsResponseSchema>>(adminPath("/items", { page }), { signal }),
    placeholderData: keepPreviousData,
  });

export function deleteItem(id: string): Promise<void> {
  return apiFetch(adminPath(`/items/${encodeURIComponent(id)}`), { method: "DELETE" });
}

export const adminRecruitmentQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.recruitment(page),
    queryFn: ({ signal }) =>
      apiFetch<z.infer<typeof AdminRecruitmentResponseSchema>>(adminPath("/recruitment-posts", { page }), {
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function deleteRecruitmentPost(id: string): Promise<void> {
  return apiFetch(adminPath(`/recruitment-posts/${encodeURIComponent(id)}`), { method: "DELETE" });
}

export function addCollege(body: { city: string; college: string }): Promise<unknown> {
  return apiFetch(adminPath("/colleges"), { method: "POST", json: body });
}

export function deleteCollege(id: string): Promise<void> {
  return apiFetch(adminPath(`/colleges/${encodeURIComponent(id)}`), { method: "DELETE" });
}
