import type { SignupBody, User } from "@shared/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";

export function signup(body: SignupBody): Promise<{ user: User }> {
  return apiFetch<{ user: User }>("/api/auth/signup", { method: "POST", json: body });
}

interface UseSignupOptions {
  onSuccess: (user: User) => void;
  onError: (error: unknown) => void;
}

/**
 * Creates the account. The session is stored by the caller once the success banner has been
 * shown: a signed-in visitor of /signup is sent away at once by the route guard.
 */
export function useSignup({ onSuccess, onError }: UseSignupOptions) {
  return useMutation({ mutationFn: signup, onSuccess: ({ user }) => onSuccess(user), onError });
}
