import type { AuditResponseSchema } from "@shared/api/admin";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "../../../lib/api";
import { adminKeys, adminPath } from "./admin-api";

/** Who did what to which record, newest first, a page at a time. */
export const adminAuditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.audit(page),
    queryFn: ({ signal }) =>
      apiFetch<z.infer<typeof AuditResponseSchema>>(adminPath("/audit", { page }), { signal }),
    placeholderData: keepPreviousData,
  });
