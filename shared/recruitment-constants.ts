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
/** A request's optional note. */
export const TEAM_REQUEST_NOTE_MAX = 300;
/** Pending requests one student may hold at once. */
export const TEAM_PENDING_MAX = 10;

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
  linkedEvent: "Linked event",
  noLinkedEvent: "No linked event",
  linkedEventGone: "Please choose an upcoming event.",
  requestToJoin: "Request to Join",
  requestNote: "Note (optional)",
  noteTooLong: `The note can be at most ${TEAM_REQUEST_NOTE_MAX} characters.`,
  requests: (count: number) => `Requests (${count})`,
  accept: "Accept",
  decline: "Decline",
  cancelRequest: "Cancel Request",
  removeMember: "Remove",
  requestPending: "Request sent",
  team: (names: readonly string[]) => `Team: ${names.join(", ")}`,
  spotsFilled: (accepted: number, max: number) => `${accepted} of ${max} spots filled`,
  teamFull: "Team full",
  showFullTeams: "Show full teams",
  ownPostRequest: "You cannot request to join your own team.",
  alreadyRequested: "You have already asked to join this team.",
  tooManyPending: `You can have at most ${TEAM_PENDING_MAX} pending requests.`,
  cannotRequest: "You cannot request to join this team.",
  requestNotFound: "Request not found.",
  requestNotPending: "This request is no longer pending.",
  notMember: "This student is not on the team.",
  sizeBelowTeam: (accepted: number) => `The team already has ${accepted} members.`,
  requestedNotice: (name: string, purpose: string) => `${name} asked to join your team "${purpose}".`,
  acceptedNotice: (purpose: string) => `Your request to join "${purpose}" was accepted.`,
  declinedNotice: (purpose: string) => `Your request to join "${purpose}" was declined.`,
  removedNotice: (purpose: string) => `You were removed from the team "${purpose}".`,
} as const;
