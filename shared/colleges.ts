/** One college of the directory, as the signup picker and the filters offer it. */
export interface CollegeOption {
  city: string;
  college: string;
}

export interface CityColleges {
  city: string;
  colleges: { id: string; name: string }[];
}

/** Flattens the directory into picker options, cities and colleges in alphabetical order. */
export function toCollegeOptions(cities: CityColleges[]): CollegeOption[] {
  return cities
    .flatMap((entry) => entry.colleges.map((c) => ({ city: entry.city, college: c.name })))
    .sort((a, b) => a.city.localeCompare(b.city) || a.college.localeCompare(b.college));
}

/** How an option reads in the single city-and-college search box. */
export function formatCollegeOption(option: CollegeOption): string {
  return `${option.college}, ${option.city}`;
}

/**
 * Suggestions for the search box: an option matches when its college, its city or its
 * displayed text starts with the query, compared trimmed and case-insensitively.
 */
export function filterCollegeOptions(options: CollegeOption[], query: string): CollegeOption[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return options;
  return options.filter(
    (option) =>
      option.college.toLowerCase().startsWith(needle) ||
      option.city.toLowerCase().startsWith(needle) ||
      formatCollegeOption(option).toLowerCase().startsWith(needle),
  );
}

const MINOR_WORDS = new Set(["of", "and", "the", "for", "in", "at", "&"]);

/**
 * How a card names a college in a few characters: a short name stays ('IIT Bombay'), a long one
 * becomes its initials ('Indian Institute of Forest Management' → 'IIFM'), keeping a place after a
 * comma ('All India Institute of Medical Sciences, Bhopal' → 'AIIMS Bhopal').
 */
export function collegeShortName(name: string, maxLength = 18): string {
  const trimmed = name.trim();
  if (trimmed.length <= maxLength) return trimmed;
  const [main = "", ...rest] = trimmed.split(",");
  const words = main.split(/\s+/).filter((word) => word && !MINOR_WORDS.has(word.toLowerCase()));
  // A word already in capitals ('IIT') is kept whole, dotted initials lose their dots ('B.M.S.').
  const initials = words
    .map((word) => {
      if (/^([A-Z]\.){2,}$/.test(word)) return word.replaceAll(".", "");
      if (/^[A-Z]{2,}$/.test(word)) return ` ${word} `;
      return (word.match(/[A-Za-z]/)?.[0] ?? "").toUpperCase();
    })
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  const place = rest.join(",").trim();
  const short = place ? `${initials} ${place}` : initials;
  return short.length >= 2 ? short : trimmed;
}

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
  notListed: "My college isn't listed",
  formTitle: "Add your college",
  formHint: "Tell us its name and city. You can sign up now; we'll add it to the directory shortly.",
  nameLabel: "College name",
  cityLabel: "City",
  use: "Use this college",
  cancel: "Cancel",
  chosen: (name: string, city: string) => `Requested: ${name} (${city}). College pending until it is added.`,
  pending: "College pending",
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
