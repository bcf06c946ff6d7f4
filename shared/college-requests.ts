/**
 * A missing college's request (issue 37): asked for at sign-up under 'No matches', then added to
 * the directory or merged into a college it already has.
 */
export const COLLEGE_REQUEST_STATUSES = ["pending", "added", "merged"] as const;
export type CollegeRequestStatus = (typeof COLLEGE_REQUEST_STATUSES)[number];

export const COLLEGE_NAME_MIN_LENGTH = 2;
export const COLLEGE_NAME_MAX_LENGTH = 200;
export const CITY_NAME_MAX_LENGTH = 100;

/** The texts of 'My college isn't listed', both sides; apart from the schemas so they need no zod. */
export const COLLEGE_REQUEST_TEXTS = {
  formTitle: "Add your college",
  formHint: "Tell us its name and city. You can sign up now; we'll add it to the directory shortly.",
  nameLabel: "College name",
  cityLabel: "City",
  use: "Use this college",
  cancel: "Cancel",
  pending: "College pending",
  verifyLater: "You can verify your college once it is added to the directory.",
  nameRequired: "Please enter your college's name.",
  nameTooShort: `A college's name has at least ${COLLEGE_NAME_MIN_LENGTH} characters.`,
  nameTooLong: `A college's name has ${COLLEGE_NAME_MAX_LENGTH} characters or fewer.`,
  nameNeedsLetter: "A college's name has letters.",
  cityRequired: "Please enter your college's city.",
  cityTooLong: `A city's name has ${CITY_NAME_MAX_LENGTH} characters or fewer.`,
  cityNeedsLetter: "A city's name has letters.",
  limited: "Too many college requests from here. Please try again later.",
  added: (name: string, city: string) => `Your college was added: your profile now shows ${name}, ${city}.`,
  merged: (name: string, city: string) =>
    `Your college was found in the directory: your profile now shows ${name}, ${city}.`,
  notFound: "This college request was not found.",
  alreadyDecided: "This college request was already decided.",
  alreadyListed: (name: string, city: string) =>
    `${name} (${city}) is already in the directory. Merge the request into it instead.`,
  collegeNotFound: "Choose a college of the directory to merge into.",
  // The Colleges tab.
  heading: (count: number) => `College requests (${count})`,
  empty: "No college requests waiting.",
  add: "Add",
  mergeInto: (college: string) => `Merge into ${college}`,
  mergeLabel: "Existing college",
  requestedBy: (name: string) => `Requested by ${name}`,
  addedNotice: (name: string) => `${name} added; the student was told.`,
  mergedNotice: (name: string) => `Merged into ${name}; the student was told.`,
} as const;

/** How a student's college reads: its name, or 'College pending' while their request waits. */
export function collegeLabel(user: { college: string; collegePending?: boolean }): string {
  return user.collegePending ? COLLEGE_REQUEST_TEXTS.pending : user.college;
}
