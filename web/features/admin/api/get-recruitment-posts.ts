import type { AdminRecruitmentResponseSchema } from "@shared/api/admin";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch } from "../../../lib/api";
import { adminKeys, adminPath } from "./admin-api";

/** Every active recruitment post, a page at a time. */
export const adminRecruitmentQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.recruitment(page),
    queryFn: ({ signal }) =>
      apiFetch<z.infer<typeof AdminRecruitmentResponseSchema>>(adminPath("/recruitment-posts", { page }), {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
