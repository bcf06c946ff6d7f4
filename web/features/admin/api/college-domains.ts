import type { CollegeDomainsResponse } from "@shared/api/verification";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { adminKeys, adminPath, useAdminMutation } from "./admin-api";

export const collegeDomainsQueryOptions = queryOptions({
  queryKey: [...adminKeys.all, "college-domains"] as const,
  queryFn: ({ signal }) => apiFetch<CollegeDomainsResponse>(adminPath("/college-domains"), { signal }),
});

export interface CollegeDomainChange {
  collegeId: string;
  domain: string;
}

export function addCollegeDomain({ collegeId, domain }: CollegeDomainChange): Promise<unknown> {
  return apiFetch(adminPath(`/colleges/${encodeURIComponent(collegeId)}/domains`), {
    method: "POST",
    json: { domain },
  });
}

/** Gives a college an e-mail domain: its students may then verify with a code. */
export function useAddCollegeDomain(config?: MutationConfig<typeof addCollegeDomain>) {
  return useAdminMutation(addCollegeDomain, config);
}

export function removeCollegeDomain({ collegeId, domain }: CollegeDomainChange): Promise<void> {
  return apiFetch(
    adminPath(`/colleges/${encodeURIComponent(collegeId)}/domains/${encodeURIComponent(domain)}`),
    { method: "DELETE" },
  );
}

export function useRemoveCollegeDomain(config?: MutationConfig<typeof removeCollegeDomain>) {
  return useAdminMutation(removeCollegeDomain, config);
}
