import type { Privacy } from "@shared/api/trust";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";

const privacyKey = ["settings", "privacy"] as const;

export const privacyQueryOptions = queryOptions({
  queryKey: privacyKey,
  queryFn: () => apiFetch<{ privacy: Privacy }>("/api/me/privacy"),
});

export function usePrivacy() {
  return useQuery(privacyQueryOptions);
}

export function savePrivacy(privacy: Privacy): Promise<{ privacy: Privacy }> {
  return apiFetch("/api/me/privacy", { method: "PUT", json: privacy });
}

/** Saves both choices; the answer is what the server now holds. */
export function useSavePrivacy(config: MutationConfig<typeof savePrivacy> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: savePrivacy,
    onSuccess: (answer, ...rest) => {
      queryClient.setQueryData(privacyKey, answer);
      return config.onSuccess?.(answer, ...rest);
    },
  });
}
