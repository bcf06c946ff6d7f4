import { CAMPUS_TIME_ZONE, NAME_MAX_LENGTH, NAME_MIN_LENGTH, PASSWORD_MAX_LENGTH } from "../constants";
import { TEXT_MESSAGES } from "./messages";
import { isSingleLineText } from "./text";

/** Settings and profile texts (specification, second document, sections 5 and 8). */
export const SETTINGS_MESSAGES = {
  nameUpdated: "Name updated successfully!",
  nameFailed: "Failed to update name. Please try again.",
  passwordChanged: "Password changed successfully!",
  passwordFailed: "Failed to change password. Please try again.",
  wrongPassword: "Current password is incorrect.",
  passwordFieldsRequired: "Please fill in all password fields.",
  passwordsDontMatch: "New passwords do not match.",
  passwordTooShort: "New password must be at least 6 characters long.",
  holidayActivated: "Holiday mode activated successfully!",
  holidayDeactivated: "Holiday mode deactivated successfully!",
  holidayFailed: "Failed to update holiday mode. Please try again.",
  holidayDatesRequired: "Please select both from and to dates for holiday mode.",
  holidayOrder: "From date must be before to date.",
  holidayPast: "Holiday dates cannot be in the past.",
  holidayActive: "Holiday Mode Active",
  nameTooShort: "Name must be at least 2 characters",
  cannotFollowSelf: "You cannot follow yourself.",
  userNotFound: "User not found",
  completeProfile: "Complete your profile",
  noFollowers: "No followers yet.",
  noItemsOwn: "No items posted yet",
  noItemsPublic: "No items posted",
  photoImagesOnly: "Please choose an image file for your photo.",
} as const;

/** Settings banners disappear after five seconds. */
export const SETTINGS_BANNER_MS = 5000;
export const NEW_PASSWORD_MIN_LENGTH = 6;
export const BIO_MAX_LENGTH = 500;

/** The first failing rule of Change Password, or null. */
export function validatePasswordChange(input: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): string | null {
  if (!input.currentPassword || !input.newPassword || !input.confirmPassword) {
    return SETTINGS_MESSAGES.passwordFieldsRequired;
  }
  if (input.newPassword !== input.confirmPassword) return SETTINGS_MESSAGES.passwordsDontMatch;
  if ([...input.newPassword].length < NEW_PASSWORD_MIN_LENGTH) return SETTINGS_MESSAGES.passwordTooShort;
  if (input.newPassword.length > PASSWORD_MAX_LENGTH)
    return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}

/** Update Name is possible only for a non-empty name that differs from the current one. */
export function canUpdateName(current: string, next: string): boolean {
  const trimmed = next.trim();
  return trimmed.length > 0 && trimmed !== current.trim();
}

export function validateName(name: string): string | null {
  const length = [...name.trim()].length;
  if (length < NAME_MIN_LENGTH) return SETTINGS_MESSAGES.nameTooShort;
  if (length > NAME_MAX_LENGTH) return `Name must be at most ${NAME_MAX_LENGTH} characters`;
  if (!isSingleLineText(name)) return TEXT_MESSAGES.singleLine("Name");
  return null;
}

/**
 * Holiday-mode dates (YYYY-MM-DD): both required, from strictly before to, neither before today.
 * `today` is India's calendar date, which the caller supplies.
 */
export function validateHolidayDates(fromDate: string, toDate: string, today: string): string | null {
  if (!fromDate || !toDate) return SETTINGS_MESSAGES.holidayDatesRequired;
  if (fromDate < today || toDate < today) return SETTINGS_MESSAGES.holidayPast;
  if (!(fromDate < toDate)) return SETTINGS_MESSAGES.holidayOrder;
  return null;
}

/** Today's date in India as YYYY-MM-DD. */
export function indiaToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: CAMPUS_TIME_ZONE }).format(now);
}
