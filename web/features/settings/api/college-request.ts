import type { User } from "@shared/api/auth";
import type { MyCollegeRequest, MyCollegeRequestBody, MyCollegeRequestResponse } from "@shared/api/colleges";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { applyUpdatedUser } from "./apply-updated-user";

const myRequestKey = ["settings", "college-request"] as const;

/** The student's "My college isn't listed" request while it waits for the administrator, or null. */
export const myCollegeRequestQueryOptions = queryOptions({
  queryKey: myRequestKey,
  queryFn: ({ signal }) => apiFetch<MyCollegeRequestResponse>("/api/me/college-request", { signal }),
});

export function fileCollegeRequest(
  body: MyCollegeRequestBody,
): Promise<{ request: MyCollegeRequest; user: User }> {
  return apiFetch("/api/me/college-request", { method: "POST", json: body });
}

/** Sends the request; the student reads 'College pending' everywhere until the administrator decides. */
export function useFileCollegeRequest(config: MutationConfig<typeof fileCollegeRequest> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: fileCollegeRequest,
    onSuccess: async (...args) => {
      const [answer] = args;
      queryClient.setQueryData<MyCollegeRequestResponse>(myRequestKey, { request: answer.request });
      config.onSuccess?.(...args);
      await applyUpdatedUser(queryClient, answer.user);
    },
  });
}
