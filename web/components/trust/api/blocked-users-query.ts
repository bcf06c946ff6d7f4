import type { BlockedUsersResponse } from "@shared/api/trust";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { blockKeys } from "../block-queries";

/** The people one has blocked, for Settings. */
export const blockedUsersQueryOptions = queryOptions({
  queryKey: blockKeys.all,
  queryFn: () => apiFetch<BlockedUsersResponse>("/api/me/blocks"),
});
