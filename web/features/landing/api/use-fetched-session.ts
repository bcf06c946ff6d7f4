import type { MeResponse } from "@shared/api/auth";
import { useEffect, useState } from "react";
import { apiFetch } from "../../../lib/api";
import type { Session } from "../../../lib/session";

const SIGNED_OUT: Session = { user: null, isAdmin: false, isLoading: false };

/**
 * Who is signed in, asked once with a plain fetch: the landing page on its own does without the
 * app's query cache (see ../landing-link.tsx). A failed request shows the signed-out page.
 */
export function useFetchedSession(): Session {
  const [session, setSession] = useState<Session>({ ...SIGNED_OUT, isLoading: true });
  useEffect(() => {
    const controller = new AbortController();
    apiFetch<MeResponse>("/api/auth/me", { signal: controller.signal }).then(
      ({ user }) => setSession({ user, isAdmin: user?.role === "admin", isLoading: false }),
      () => {
        if (!controller.signal.aborted) setSession(SIGNED_OUT);
      },
    );
    return () => controller.abort();
  }, []);
  return session;
}
