/**
 * 'Verified Student' means the college (issue 36): a code sent to an address at one of the
 * college's e-mail domains, or a student ID photo an administrator reviews. Texts and limits both
 * sides use; apart from the schemas so that showing them needs no zod.
 */

/** How a student proved their college. */
export const VERIFICATION_METHODS = ["email", "id"] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/** A student ID photo's review: waiting, or decided (the photo is deleted with the decision). */
export const ID_REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type IdReviewStatus = (typeof ID_REVIEW_STATUSES)[number];

export const CODE_LENGTH = 6;
/** A code is valid this long after it is sent. */
export const CODE_VALID_MINUTES = 15;
/** Wrong codes before the code is spent and a new one must be asked for. */
export const CODE_MAX_TRIES = 5;
export const REJECT_REASON_MAX_LENGTH = 300;

/** A domain as the directory keeps it: lower-case labels with at least one dot, no '@'. */
export const DOMAIN_PATTERN = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The domain part of an address, lower-cased ('' when the address has none). */
export function domainOf(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0
    ? ""
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

export const VERIFICATION_TEXTS = {
  title: "Verify your college",
  verifiedOf: (college: string) => `Verified student of ${college}`,
  collegeEmailLabel: "College e-mail address",
  sendCode: "Send code",
  codeLabel: "6-digit code",
  confirmCode: "Verify",
  codeSent: (minutes: number) =>
    `We sent a 6-digit code to that address. It is valid for ${minutes} minutes.`,
  idTitle: "Verify with your student ID",
  idHelp:
    "Upload one clear photo of your college ID card. An administrator checks it and the photo is deleted once they decide.",
  idPhotoLabel: "Photo of your student ID",
  idSubmit: "Send for review",
  idPending: "Your student ID is waiting for review.",
  idRejected: (reason: string) => `Your student ID was not approved: ${reason}`,
  domainsOf: (domains: string[]) => `Use an address at ${domains.map((domain) => `@${domain}`).join(", ")}.`,
} as const;

/** What the server answers when it refuses (binding where issue 36 quotes them). */
export const VERIFICATION_MESSAGES = {
  noCollege: "Choose your college in your profile first.",
  alreadyVerified: "You are already a verified student of your college.",
  invalidEmail: "Please enter a valid e-mail address.",
  notCollegeDomain: (domain: string, college: string) =>
    `${domain} is not an e-mail domain of ${college}. Please use your college e-mail address.`,
  noDomains: (college: string) =>
    `${college} has no e-mail domain with us yet. Verify with your student ID instead.`,
  suspendedAddress: "This college e-mail belongs to a suspended account.",
  addressTaken: "This college e-mail already verifies another account.",
  invalidCode: "Please enter the 6-digit code from the e-mail.",
  noCode: "No code is waiting for you. Please ask for a new code.",
  wrongCode: (left: number) => `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.`,
  codeLocked: "Too many wrong codes. Please ask for a new code.",
  codeExpired: "This code has expired. Please ask for a new code.",
  codesLimited: "Too many codes asked for. Please try again later.",
  addressLimited: "Too many codes were sent to this address. Please try again later.",
  confirmLimited: "Too many attempts. Please try again later.",
  idPending: "Your student ID is already waiting for review.",
  reviewNotFound: "Verification not found.",
  alreadyDecided: "This verification was already decided.",
  reasonRequired: "Please give a reason for the student.",
  photoNotFound: "Photo not found.",
  domainInvalid: "Please enter a domain such as iitb.ac.in (no @).",
  domainTaken: (domain: string, college: string) => `${domain} already belongs to ${college}.`,
  domainNotFound: "Domain not found.",
  collegeNotFound: "College not found.",
  approvedNotice: (college: string) =>
    `Your student ID was approved. You are now a verified student of ${college}.`,
  rejectedNotice: (reason: string) => `Your student ID was not approved: ${reason}`,
} as const;

/** The mobile number of a suspended account cannot sign up again (issue 36). */
export const SUSPENDED_MOBILE_MESSAGE = "This mobile number belongs to a suspended account.";
