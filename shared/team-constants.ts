/**
 * Team request texts and limits (issue 22, binding texts); apart from recruitment-constants so that
 * only the Teammate Finder's own code loads them.
 */

/** A request's optional note. */
export const TEAM_REQUEST_NOTE_MAX = 300;
/** Pending requests one student may hold at once. */
export const TEAM_PENDING_MAX = 10;
/** Where a request to join stands; 'left' is a member who left the team. */
export const TEAM_REQUEST_STATUSES = [
  "pending",
  "accepted",
  "declined",
  "cancelled",
  "removed",
  "left",
] as const;
/** Hours after a decline or a removal before the student may ask the same team again. */
export const TEAM_ASK_AGAIN_HOURS = 24;

export const TEAM_MESSAGES = {
  /** On a team's card once its event was cancelled (and the link removed). */
  eventCancelled: "The event was cancelled.",
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
  removeConfirm: (name: string, team: string) => `Remove ${name} from ${team}? They will be told.`,
  close: "Close",
  viewProfile: (name: string) => `View ${name}'s profile`,
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
  // Leaving a team, and asking again after an answer (beyond issue 22).
  onTeam: "You are on this team",
  leaveTeam: "Leave Team",
  leaveConfirm: "Leave this team? The recruiter will be told, and your spot opens for others.",
  notOnTeam: "You are not on this team.",
  leftNotice: (name: string, purpose: string) => `${name} left your team "${purpose}".`,
  requestDeclined: "Your request was declined.",
  removedFromTeam: "You were removed from this team.",
  askAgainLater: `You can ask to join this team again ${TEAM_ASK_AGAIN_HOURS} hours after your last request was answered.`,
} as const;
