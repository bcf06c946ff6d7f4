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

/** What the sign-up picker itself shows of 'My college isn't listed' (kept small: /signup's first script). */
export const NOT_LISTED_TEXTS = {
  link: "My college isn't listed",
  chosen: (name: string, city: string) => `Requested: ${name} (${city}). College pending until it is added.`,
} as const;
