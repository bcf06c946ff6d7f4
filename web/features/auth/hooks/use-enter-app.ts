import type { User } from "@shared/api/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { homePathFor } from "../../../lib/home-path";
import { meQueryOptions } from "../../../lib/session";

/** Stores the new session and opens the person's home page: the dashboard, or /admin. */
export function useEnterApp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (user: User) => {
      queryClient.setQueryData(meQueryOptions.queryKey, { user });
      void navigate(homePathFor(user.role === "admin"), { replace: true });
    },
    [queryClient, navigate],
  );
}
