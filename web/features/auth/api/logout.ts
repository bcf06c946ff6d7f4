import { hashKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { flushSync } from "react-dom";
import { useNavigate } from "react-router";
import { apiFetch } from "../../../lib/api";
import { forgetOfflineCache } from "../../../lib/offline-cache/kept-account";
import { meQueryOptions } from "../../../lib/session";

export function logout(): Promise<void> {
  return apiFetch<void>("/api/auth/logout", { method: "POST" });
}

/** Lets others (the live socket) tell our own sign-out from a session ended elsewhere. */
export const LOGOUT_MUTATION_KEY = ["auth", "logout"] as const;

/**
 * Signs out, leaves the signed-in pages, then drops every cached answer of the old session, in
 * memory and kept on the device.
 * Navigating first keeps the route guards from bouncing the user to /login on the way out.
 */
export function useLogout(isAdmin: boolean) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: LOGOUT_MUTATION_KEY,
    mutationFn: logout,
    onSuccess: async () => {
      // The spec sends a student to the landing page; the admin has no use for it.
      // flushSync: the signed-in pages must be gone before the session is cleared below, or
      // their guard sees no user first and sends the student to /login instead.
      flushSync(() => navigate(isAdmin ? "/login" : "/", { replace: true }));
      await queryClient.cancelQueries();
      queryClient.setQueryData(meQueryOptions.queryKey, { user: null });
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== meQueryHash });
      // Nothing of this account stays on the device for reading offline (decision 052).
      forgetOfflineCache();
    },
    // The spec: a sign-out failure is only logged.
    onError: (error) => console.warn("Sign-out failed", error),
  });
}

const meQueryHash = hashKey(meQueryOptions.queryKey);
