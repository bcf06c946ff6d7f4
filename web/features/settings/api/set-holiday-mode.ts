import type { User } from "@shared/api/auth";
import type { HolidayBody } from "@shared/api/profiles";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { applyUpdatedUser } from "./apply-updated-user";

export function setHolidayMode(body: HolidayBody): Promise<{ user: User }> {
  return apiFetch("/api/me/holiday", { method: "PUT", json: body });
}

/** Turns Holiday Mode on for a range of days, or off; the user's items leave or return to browse. */
export function useSetHolidayMode(config: MutationConfig<typeof setHolidayMode> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: setHolidayMode,
    onSuccess: async (...args) => {
      config.onSuccess?.(...args);
      await applyUpdatedUser(queryClient, args[0].user);
    },
  });
}
