import { PASSWORD_MIN_LENGTH, PASSWORD_SCORE_MAX } from "../constants";

export const COMMON_PASSWORDS = [
  "123456",
  "12345",
  "1234",
  "123",
  "password",
  "admin",
  "qwerty",
  "abc123",
  "111111",
  "000000",
  "654321",
  "letmein",
  "welcome",
  "monkey",
  "dragon",
  "master",
] as const;

export const PASSWORD_MESSAGES = {
  tooShort: "At least 6 characters required",
  common: "Please choose a less common password",
  repeated: "Avoid using the same character repeatedly",
} as const;

export type StrengthLabel = "Too Simple" | "Good" | "Great";

export interface PasswordStrength {
  /** 0 to 5. */
  score: number;
  /** Why the password is refused, if it is. */
  message: string | null;
  isValid: boolean;
  label: StrengthLabel;
  /** Bar colour by label: red, yellow, green. */
  tone: "red" | "yellow" | "green";
}

export function strengthLabel(score: number): StrengthLabel {
  if (score <= 1) return "Too Simple";
  if (score === 2) return "Good";
  return "Great";
}

function toneOf(label: StrengthLabel): PasswordStrength["tone"] {
  return label === "Too Simple" ? "red" : label === "Good" ? "yellow" : "green";
}

function result(score: number, message: string | null): PasswordStrength {
  const label = strengthLabel(score);
  return { score, message, isValid: message === null, label, tone: toneOf(label) };
}

/** The specification's strength check: a score from 0 to 5 and the first reason for refusal. */
export function checkPasswordStrength(password: string): PasswordStrength {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return result(0, PASSWORD_MESSAGES.tooShort);

  const lower = password.toLowerCase();
  const isCommon = COMMON_PASSWORDS.some((common) =>
    length <= 8 ? lower.includes(common) : lower === common,
  );
  if (isCommon) return result(0, PASSWORD_MESSAGES.common);

  if (/^(.)\1*$/su.test(password)) return result(0, PASSWORD_MESSAGES.repeated);

  let score = 2;
  if (length >= 8) score += 1;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score += 1;
  if (/\d/.test(password)) score += 1;
  if (/[^A-Za-z0-9]/.test(password)) score += 1;
  return result(Math.min(score, PASSWORD_SCORE_MAX), null);
}
