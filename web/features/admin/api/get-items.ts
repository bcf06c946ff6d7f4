import type { AdminItemsResponseSchema } from "@shared/api/admin";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "../../../lib/api";
import { adminKeys, adminPath } from "./admin-api";

/** The marketplace tab's page size, as the server pages it. */
export const ADMIN_ITEMS_PAGE_SIZE = 50;

/** Every active marketplace post, newest first, a page at a time. */
export const adminItemsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.items(page),
    queryFn: ({ signal }) =>
      apiFetch<z.infer<typeof AdminItemsResponseSchema>>(adminPath("/items", { page }), { signal }),
    placeholderData: keepPreviousData,
  });
