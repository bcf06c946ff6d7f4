/** Business constants of the specification (section 9), used by the browser and the server alike. */

export const SIGNUP_MAX_FAILURES = 3;
export const SIGNUP_BLOCK_WINDOW_MS = 15 * 60 * 1000;
export const SIGNUP_BLOCK_SECONDS = 900;
export const SIGNUP_REDIRECT_MS = 3000;

export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 6;
/** Upper bound so a hash of a huge body cannot tie up the server. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_SCORE_MAX = 5;
export const USER_AGENT_MAX_LENGTH = 100;

export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** The administrator's second factor: TOTP codes of an authenticator app, and recovery codes. */
export const SECOND_FACTOR_ISSUER = "Campus Bazaar";
export const SECOND_FACTOR_CODE_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** How long the step after a correct password may take, and how many codes it may try. */
export const SIGN_IN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const SIGN_IN_CHALLENGE_MAX_ATTEMPTS = 5;

export const PAGE_SIZE = 12;
export const MAX_PAGE_BUTTONS = 5;
export const SEARCH_DEBOUNCE_MS = 300;

export const CATEGORIES = ["gadgets", "books", "stationary", "other"] as const;
export type Category = (typeof CATEGORIES)[number];
export const CONDITIONS = ["new", "like new", "used"] as const;
export type Condition = (typeof CONDITIONS)[number];
export const MIN_PRICE = 1;

export const COPYRIGHT_YEAR = 2025;
export const LEGAL_LAST_UPDATED = "16 January 2025";

export const ROLES = ["student", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Dates such as holiday mode are calendar days in India. */
export const CAMPUS_TIME_ZONE = "Asia/Kolkata";
/** India Standard Time, UTC+05:30 all year (no daylight saving): CAMPUS_TIME_ZONE's offset. */
export const CAMPUS_UTC_OFFSET_MINUTES = 330;
