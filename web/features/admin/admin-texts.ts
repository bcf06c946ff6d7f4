/**
 * The admin alerts of the spec's error catalogue that shared/api/admin.ts does not hold: each
 * reads the server's own message after the colon.
 */
export const ADMIN_FAILURES = {
  deleteEvent: (message: string) => `Error deleting event: ${message}`,
  deletePost: (message: string) => `Error deleting post: ${message}`,
  deleteUser: (message: string) => `Error deleting user: ${message}`,
  updateUser: (message: string) => `Error updating user: ${message}`,
  deleteRecruitment: (message: string) => `Error deleting recruitment post: ${message}`,
  updateTicket: (message: string) => `Error updating ticket: ${message}`,
  searchTicket: (message: string) => `Error searching ticket: ${message}`,
  deleteCollege: (message: string) => `Error deleting college: ${message}`,
} as const;
