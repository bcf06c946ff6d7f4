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
