/** Teammate Finder constants the pages show; apart from the schemas so that showing them needs no zod. */

export const ACADEMIC_YEARS = ["1st Year", "2nd Year", "3rd Year", "4th Year", "Any Year"] as const;
export type AcademicYear = (typeof ACADEMIC_YEARS)[number];

export const RECRUITMENT_SORTS = ["newest", "oldest", "size-asc", "size-desc"] as const;
export const RECRUITMENT_SORT_LABELS: Record<(typeof RECRUITMENT_SORTS)[number], string> = {
  newest: "Newest First",
  oldest: "Oldest First",
  "size-asc": "Team Size: Small to Large",
  "size-desc": "Team Size: Large to Small",
};

/** Posts per page of the Teammate Finder, as browse pages items. */
export const RECRUITMENT_PAGE_SIZE = 12;
/** Posts per page of the admin panel's Team Recruitment tab. */
export const ADMIN_RECRUITMENT_PAGE_SIZE = 50;

export const TEAM_SIZE_MIN = 1;
export const TEAM_SIZE_MAX = 20;

export const RECRUITMENT_MESSAGES = {
  purposeRequired: "Please enter the purpose of your team.",
  teamSize: `Team size must be between ${TEAM_SIZE_MIN} and ${TEAM_SIZE_MAX}.`,
  descriptionRequired: "Please describe what you are looking for.",
  deleteConfirm: "Are you sure you want to delete this recruitment post?",
  startFailed: "Failed to start conversation. Please try again.",
  ownPost: "You cannot message your own recruitment post.",
  notFound: "Recruitment post not found.",
  notYours: "You can only change your own recruitment posts.",
  showing: (shown: number, total: number) => `Showing ${shown} of ${total} recruitment posts`,
} as const;
