/** Texts of Settings' "Where you're signed in" (not in the specification: a hardening addition). */
export const SESSIONS_MESSAGES = {
  title: "Where you're signed in",
  description: "Devices signed in to your account. Sign out any you don't recognise or no longer use.",
  thisDevice: "This device",
  unknownDevice: "Unknown device",
  empty: "No other devices are signed in.",
  loadFailed: "Failed to load your devices. Please try again.",
  notFound: "That device is already signed out.",
  signOut: "Sign out",
  signOutOthers: "Sign out everywhere else",
  confirmOthers: "Sign out of every other device? They will need your password to sign in again.",
  signedOut: "Signed out of that device.",
  signOutFailed: "Failed to sign out that device. Please try again.",
  signedOutOthers: "Signed out everywhere else.",
  signOutOthersFailed: "Failed to sign out your other devices. Please try again.",
  isCurrent: "This is the device you are using: use Logout to sign out here.",
  rateLimited: "Too many sign-outs. Please try again later.",
} as const;
