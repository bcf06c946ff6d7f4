import { EMAIL_MAX_LENGTH, NAME_MIN_LENGTH } from "../constants";
import { SIGNUP_MESSAGES, TEXT_MESSAGES } from "./messages";
import { impersonatesPlatform } from "./names";
import { checkPasswordStrength } from "./password-strength";
import { isSingleLineText } from "./text";

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE_SHAPE = /^[6-9]\d{9}$/;
const UNSAFE_CHARACTERS = /[<>"'&]/g;

/** Length in characters as a person counts them, not UTF-16 units (an emoji is one). */
export function characterCount(value: string): number {
  return [...value].length;
}

/** `local@domain.tld`, no spaces, at most 254 characters. */
export function isEmailShaped(email: string): boolean {
  return characterCount(email) <= EMAIL_MAX_LENGTH && EMAIL_SHAPE.test(email);
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The mobile number as stored: digits only. */
export function mobileDigits(mobile: string): string {
  return mobile.replace(/\D/g, "");
}

export function isIndianMobile(mobile: string): boolean {
  return MOBILE_SHAPE.test(mobileDigits(mobile));
}

/** Removes the characters < > " ' & that the signup form never accepts. */
export function stripUnsafe(value: string): string {
  return value.replace(UNSAFE_CHARACTERS, "");
}

/**
 * Sanitising while a person types: unsafe characters go at once, leading whitespace too.
 * Trailing whitespace is removed when the field is left or submitted, so that a space typed
 * between two words survives until the next letter arrives.
 */
export function sanitiseWhileTyping(value: string): string {
  return stripUnsafe(value).trimStart();
}

/** The complete sanitising of a field: unsafe characters and surrounding whitespace removed. */
export function sanitiseField(value: string): string {
  return stripUnsafe(value).trim();
}

export interface SignupInput {
  name: string;
  email: string;
  city: string;
  college: string;
  mobile: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

/** The first failing rule's message, in the specification's order, or null when all pass. */
export function validateSignup(input: SignupInput): string | null {
  if (characterCount(sanitiseField(input.name)) < NAME_MIN_LENGTH) return SIGNUP_MESSAGES.name;
  if (!isEmailShaped(sanitiseField(input.email))) return SIGNUP_MESSAGES.email;
  if (!sanitiseField(input.city) || !sanitiseField(input.college)) return SIGNUP_MESSAGES.college;
  if (!isIndianMobile(input.mobile)) return SIGNUP_MESSAGES.mobile;
  if (!checkPasswordStrength(input.password).isValid) return SIGNUP_MESSAGES.password;
  if (input.confirmPassword !== input.password) return SIGNUP_MESSAGES.confirm;
  if (!input.acceptTerms) return SIGNUP_MESSAGES.terms;
  for (const [value, label] of [
    [input.name, "Name"],
    [input.email, "Email"],
    [input.city, "City"],
    [input.college, "College"],
  ] as const) {
    if (!isSingleLineText(value)) return TEXT_MESSAGES.singleLine(label);
  }
  if (impersonatesPlatform(input.name)) return SIGNUP_MESSAGES.reservedName;
  return null;
}
