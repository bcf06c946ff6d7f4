import type {
  LoginBody,
  LoginResponse,
  SecondFactorBody,
  SecondFactorResponse,
  SignupBody,
  User,
} from "@shared/api/auth";
import { apiFetch } from "../../../lib/api";

interface UserResponse {
  user: User;
}

interface OkResponse {
  ok: true;
}

/** A student is signed in; the administrator gets a second step (see completeSecondFactor). */
export function login(body: LoginBody): Promise<LoginResponse> {
  return apiFetch<LoginResponse>("/api/auth/login", { method: "POST", json: body });
}

export function completeSecondFactor(body: SecondFactorBody): Promise<SecondFactorResponse> {
  return apiFetch<SecondFactorResponse>("/api/auth/second-factor", { method: "POST", json: body });
}

export function signup(body: SignupBody): Promise<UserResponse> {
  return apiFetch<UserResponse>("/api/auth/signup", { method: "POST", json: body });
}

export function logout(): Promise<void> {
  return apiFetch<void>("/api/auth/logout", { method: "POST" });
}

export function verifyEmail(token: string): Promise<OkResponse> {
  return apiFetch<OkResponse>("/api/auth/verify-email", { method: "POST", json: { token } });
}

export function resendVerification(): Promise<OkResponse> {
  return apiFetch<OkResponse>("/api/auth/resend-verification", { method: "POST" });
}

export function requestPasswordReset(email: string): Promise<OkResponse> {
  return apiFetch<OkResponse>("/api/auth/forgot-password", { method: "POST", json: { email } });
}

export function resetPassword(token: string, password: string): Promise<OkResponse> {
  return apiFetch<OkResponse>("/api/auth/reset-password", { method: "POST", json: { token, password } });
}
