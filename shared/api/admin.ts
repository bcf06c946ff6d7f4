import { z } from "zod";
import { isEmailShaped, isIndianMobile } from "../validation/signup";
import { calendarDate } from "./calendar-date";
import { ItemSchema } from "./items";
import { RecruitmentPostSchema } from "./recruitment";
import { singleLine } from "./text-rules";
import { TicketSchema } from "./tickets";

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

export const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  city: z.string(),
  college: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersQuerySchema = z.object({
  search: z.string().max(100).optional(),
  /** Inclusive, India's calendar; the end date runs to 23:59:59. */
  from: calendarDate("Please choose a valid from date.").optional(),
  to: calendarDate("Please choose a valid to date.").optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const AdminUsersResponseSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});

const requiredText = (max: number) =>
  z
    .string(ADMIN_MESSAGES.fieldsRequired)
    .refine((value) => value.trim().length > 0, ADMIN_MESSAGES.fieldsRequired)
    .refine((value) => value.length <= max, `At most ${max} characters.`);

/** The Edit User modal: five required fields. */
export const AdminEditUserBodySchema = z.object({
  name: requiredText(100).refine(...singleLine("Name")),
  email: requiredText(254)
    .refine((value) => isEmailShaped(value.trim()), "Please enter a valid email address")
    .refine(...singleLine("Email")),
  mobile: requiredText(20)
    .refine(isIndianMobile, "Please enter a valid Indian mobile number")
    .refine(...singleLine("Mobile")),
  city: requiredText(100).refine(...singleLine("City")),
  college: requiredText(200).refine(...singleLine("College")),
});

export const AddCollegeBodySchema = z.object({
  city: z
    .string(ADMIN_MESSAGES.collegeRequired)
    .max(100)
    .refine(...singleLine("City")),
  college: z
    .string(ADMIN_MESSAGES.collegeRequired)
    .max(200)
    .refine(...singleLine("College")),
});

export const AdminItemsResponseSchema = z.object({ items: z.array(ItemSchema), total: z.number().int() });
/** One page of the active recruitment posts, newest first, and how many there are in all. */
export const AdminRecruitmentResponseSchema = z.object({
  posts: z.array(RecruitmentPostSchema),
  total: z.number().int(),
});

/** Where the copy to the form service stands for a ticket. */
export const MirrorStateSchema = z.enum(["sent", "pending", "failed", "off"]);

export const AdminTicketSchema = TicketSchema.extend({
  mirror: z.object({
    state: MirrorStateSchema,
    attempts: z.number().int(),
    lastError: z.string().nullable(),
  }),
  user: z.object({ name: z.string(), email: z.string(), mobile: z.string(), college: z.string() }).nullable(),
});
export type AdminTicket = z.infer<typeof AdminTicketSchema>;

export const AdminTicketsResponseSchema = z.object({
  pending: z.array(AdminTicketSchema),
  history: z.array(AdminTicketSchema),
  total: z.number().int(),
});
export const AdminTicketResponseSchema = z.object({ ticket: AdminTicketSchema });
export const TicketStatusBodySchema = z.object({ status: z.enum(["resolved", "rejected"]) });

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export const AuditResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
