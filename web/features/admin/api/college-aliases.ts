import type { CollegeAliasesResponse } from "@shared/api/colleges";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { adminKeys, adminPath, useAdminMutation } from "./admin-api";

export const collegeAliasesQueryOptions = queryOptions({
  queryKey: [...adminKeys.all, "college-aliases"] as const,
  queryFn: ({ signal }) => apiFetch<CollegeAliasesResponse>(adminPath("/college-aliases"), { signal }),
});

export interface CollegeAliasChange {
  collegeId: string;
  alias: string;
}

export function addCollegeAlias({ collegeId, alias }: CollegeAliasChange): Promise<unknown> {
  return apiFetch(adminPath(`/colleges/${encodeURIComponent(collegeId)}/aliases`), {
    method: "POST",
    json: { alias },
  });
}

/** Gives a college a short name: the sign-up picker then finds it by that name too. */
export function useAddCollegeAlias(config?: MutationConfig<typeof addCollegeAlias>) {
  return useAdminMutation(addCollegeAlias, config);
}

export function removeCollegeAlias({ collegeId, alias }: CollegeAliasChange): Promise<void> {
  return apiFetch(
    adminPath(`/colleges/${encodeURIComponent(collegeId)}/aliases/${encodeURIComponent(alias)}`),
    { method: "DELETE" },
  );
}

export function useRemoveCollegeAlias(config?: MutationConfig<typeof removeCollegeAlias>) {
  return useAdminMutation(removeCollegeAlias, config);
}
