/**
 * Words of the Teammate Finder that the spec leaves open (it only logs save and delete
 * failures); the spec's own messages are RECRUITMENT_MESSAGES in shared/.
 */
export const TEAMMATE_TEXTS = {
  saveFailed: "Could not save your recruitment post. Please try again.",
  deleteFailed: "Could not delete your recruitment post. Please try again.",
  loadFailed: "Could not load recruitment posts. Please check your connection and try again.",
  noPostsYet: "No recruitment posts yet. Be the first to create one!",
  noMatches: "No recruitment posts match your filters.",
  findTeammates: "Find teammates",
  myTeams: "My teams",
  noTeamsYet: "You are not on a team yet. Teams you recruit for or join show here, full ones too.",
  /** Beside 'Showing X of Y' when the matching posts take more than one page. */
  pageOf: (page: number, totalPages: number, matching: number) =>
    `Page ${page} of ${totalPages} (${matching} matching)`,
} as const;

/** 'Looking for 3 member(s)', as the cards say it. */
export function lookingForText(count: number): string {
  return `Looking for ${count} member(s)`;
}
