/** Every message a person reads for signup and login, worded as the specification says. */
export const SIGNUP_MESSAGES = {
  name: "Name must be at least 2 characters",
  email: "Please enter a valid email address",
  college: "Please select your city and college",
  mobile: "Please enter a valid Indian mobile number",
  password: "Password does not meet security requirements",
  confirm: "Passwords don't match",
  terms: "Please accept the Privacy Policy and Terms of Use to continue",
  blocked: (minutes: number) => `Too many attempts. Please wait ${minutes} minutes before trying again.`,
  blockBanner: (minutes: number) => `Account temporarily blocked. Time remaining: ${minutes} minutes`,
  thirdFailure: "Too many failed attempts. Account temporarily blocked for security.",
  success: "Account created! Please check your email for verification link.",
  /** A name that passes for the platform (validation/names.ts), at signup and when it is changed. */
  reservedName:
    "Please use your own name: a name cannot hold a link or words like Campus Bazaar, admin, support, moderator or security.",
} as const;

/** Signup failures by error code (specification section 8). */
export const SIGNUP_ERRORS: Record<string, string> = {
  email_in_use: "An account with this email already exists. Please try logging in instead.",
  weak_password: "Password is too weak. Please choose a stronger password.",
  invalid_email: "Please enter a valid email address.",
  operation_not_allowed: "Email/password accounts are not enabled. Please contact support.",
  network: "Network error. Please check your internet connection and try again.",
  rate_limited: "Too many requests. Please wait a moment before trying again.",
  user_disabled: "This account has been disabled. Please contact support.",
  unknown: "Registration failed. Please try again.",
};

/** Login failures by error code (specification section 8). */
export const LOGIN_ERRORS: Record<string, string> = {
  invalid_email: "Please enter a valid email address.",
  user_disabled: "This account has been disabled. Please contact support.",
  user_not_found: "No account found with this email address.",
  wrong_password: "Incorrect password. Please try again.",
  invalid_credential: "Invalid email or password. Please check your credentials.",
  rate_limited: "Too many failed attempts. Please try again later.",
  network: "Network error. Please check your internet connection.",
  weak_password: "Password is too weak. Please choose a stronger password.",
  unknown: "Login failed. Please try again.",
};

export const LOGIN_MESSAGES = {
  emailRequired: "Email is required",
  passwordRequired: "Password is required",
} as const;

/** Outcomes of the e-mail links (verification and password reset). */
export const AUTH_MESSAGES = {
  verified: "Your email address is verified.",
  verificationSent: "Verification email sent. Please check your inbox.",
  alreadyVerified: "Your email address is already verified.",
  resetSent: "If an account exists for that address, a reset link is on its way.",
  passwordReset: "Your password has been reset. Please sign in with the new password.",
  invalidToken: "This link is invalid or has expired. Please ask for a new one.",
} as const;

/** Refusals of characters that cannot be seen but change how text reads (see validation/text.ts). */
export const TEXT_MESSAGES = {
  singleLine: (field: string) =>
    `${field} cannot contain line breaks, control characters or text-direction characters.`,
  multiLine: (field: string) => `${field} cannot contain control characters or text-direction characters.`,
} as const;

/** The administrator's second step at sign-in. */
export const SECOND_FACTOR_MESSAGES = {
  codeLabel: "Authentication code",
  setupHeading: "Set up two-step sign-in",
  keyHeading: "Can't scan? Enter this key",
  codeRequired: "Enter the 6-digit code from your authenticator app.",
  codeShape: "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  invalidCode: "Incorrect code. Please try again.",
  expired: "Your sign-in has expired. Please sign in again.",
  tooManyAttempts: "Too many wrong codes. Please sign in again.",
  recoveryHeading: "Save your recovery codes",
} as const;
