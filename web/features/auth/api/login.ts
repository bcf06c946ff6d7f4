import type { LoginBody, LoginResponse, SecondFactorChallenge } from "@shared/api/auth";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { useEnterApp } from "../hooks/use-enter-app";

/** A student is signed in; the administrator gets a second step (see complete-second-factor.ts). */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiFetch<LoginResponse>("/api/auth/login", { method: "POST", json: body });
}

interface UseLoginOptions {
  onSecondFactor: (challenge: SecondFactorChallenge) => void;
  onError: (error: unknown) => void;
}

/** Signs in: a student's session is stored and the app opens; the administrator goes on to the second step. */
export function useLogin({ onSecondFactor, onError }: UseLoginOptions) {
  const enterApp = useEnterApp();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if ("secondFactor" in answer) onSecondFactor(answer.secondFactor);
      else enterApp(answer.user);
    },
    onError,
  });
}
