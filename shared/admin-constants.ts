/** Admin panel texts and limits; apart from the schemas so that showing them needs no zod. */

export const ADMIN_MESSAGES = {
  adminOnly: "Only the administrator can do that.",
  eventPosted: "Event posted successfully!",
  eventDeleted: "Event deleted successfully!",
  postDeleted: "Post deleted and user notified.",
  userDeleted: "User deleted successfully!",
  userUpdated: "User updated successfully!",
  recruitmentDeleted: "Recruitment post deleted and user notified.",
  ticketUpdated: (status: string) => `Ticket ${status} successfully!`,
  confirmDeletePost: "Delete this post? This cannot be undone.",
  confirmDeleteUser: "Are you sure you want to delete this user?",
  confirmDeleteEvent: "Are you sure you want to delete this event?",
  confirmDeleteRecruitment: "Delete this recruitment post? This cannot be undone.",
  confirmDeleteCollege: "Delete this college?",
  collegeRequired: "City and College are required",
  collegeExists: "This college is already listed.",
  noColleges: "No colleges added yet.",
  noRecruitment: "No recruitment posts found.",
  noPendingTickets: "No pending support tickets!",
  enterTicketId: "Please enter a ticket ID",
  ticketNotFound: "Ticket not found",
  noTicketsAtAll: "No tickets found in database",
  ticketFinal: "This ticket is already closed.",
  fieldsRequired: "All fields are required.",
  emailTaken: "Another account already uses this email address.",
  cannotDeleteSelf: "You cannot delete your own account.",
  postRemovedNotice: (name: string) =>
    `Your post "${name}" was removed by the admin for violating the marketplace rules.`,
  recruitmentRemovedNotice: (purpose: string) =>
    `Your recruitment post "${purpose}" was removed by the admin for violating the rules.`,
} as const;

export const ADMIN_PAGE_SIZE = 25;
