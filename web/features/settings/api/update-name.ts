import type { User } from "@shared/api/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { applyUpdatedUser } from "./apply-updated-user";

export function updateName(name: string): Promise<{ user: User }> {
  return apiFetch("/api/me/name", { method: "PATCH", json: { name } });
}

/** Renames the signed-in user everywhere the app shows them. */
export function useUpdateName(config: MutationConfig<typeof updateName> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateName,
    onSuccess: async (...args) => {
      config.onSuccess?.(...args);
      await applyUpdatedUser(queryClient, args[0].user);
    },
  });
}
