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
  const { state } = useLocation();
  return useCallback(
    (user: User) => {
      queryClient.setQueryData(meQueryOptions.queryKey, { user });
      void navigate(afterSignInPath(state, user.role === "admin"), { replace: true });
    },
    [queryClient, navigate, state],
  );
}
