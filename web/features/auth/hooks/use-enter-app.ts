import type { User } from "@shared/api/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { afterSignInPath } from "../../../lib/home-path";
import { meQueryOptions } from "../../../lib/session";

/**
 * Stores the new session and opens the app: the protected page that sent the person to sign in
 * (a shared item link, a filtered /buy), or else their home, the dashboard or /admin.
 */
export function useEnterApp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { state, search } = useLocation();
  return useCallback(
    (user: User) => {
      queryClient.setQueryData(meQueryOptions.queryKey, { user });
      // A shared item's teaser (served without the app) links here with ?from=/item/{id}.
      const from = new URLSearchParams(search).get("from");
      const returnTo = state ?? (from ? { from: { pathname: from } } : null);
      void navigate(afterSignInPath(returnTo, user.role === "admin"), { replace: true });
    },
    [queryClient, navigate, state, search],
  );
}
