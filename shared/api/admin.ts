import { z } from "zod";
import { ADMIN_MESSAGES } from "../admin-constants";
import { isEmailShaped, isIndianMobile } from "../validation/signup";
import { calendarDate } from "./calendar-date";
import { ItemSchema } from "./items";
import { RecruitmentPostSchema } from "./recruitment";
import { singleLine, typedText } from "./text-rules";
import { TicketSchema } from "./tickets";

// Re-exported for the server; the browser imports them from ../admin-constants, without zod.
export {
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
} from "../admin-constants";

export const AdminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  city: z.string(),
  college: z.string(),
  /** The student's college request waits ('College pending'). */
  collegePending: z.boolean(),
  /** The waiting request's college, while pending. */
  collegeRequested: z.object({ name: z.string(), city: z.string() }).nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  /** While suspended: Users Management offers 'Lift Suspension'. */
  isSuspended: z.boolean(),
  /** The end of a running suspension; null when permanent or not suspended. */
  suspendedUntil: z.string().nullable(),
  /** The college whose events the student organises ('Organiser'), or null. */
  organiserOf: z.string().nullable(),
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
  typedText(ADMIN_MESSAGES.fieldsRequired)
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
  city: typedText(ADMIN_MESSAGES.collegeRequired)
    .max(100)
    .refine(...singleLine("City")),
  college: typedText(ADMIN_MESSAGES.collegeRequired)
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

/** A report an audit entry's moderation action closed, as the log shows it. */
export const AuditReportSchema = z.object({
  id: z.string(),
  reason: z.string(),
  details: z.string(),
  reporterName: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditReport = z.infer<typeof AuditReportSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  /** The person the action was about (the user, the seller, the sender), as the account reads now. */
  person: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** The listing's name, for an action on a listing. */
  listingName: z.string().nullable(),
  /** The reason the administrator gave (every moderation action has one). */
  reason: z.string().nullable(),
  /**
   * What the entry links to: the reports its action closed. Other records an entry decides on (a
   * college verification) join here as fields of their own.
   */
  reports: z.array(AuditReportSchema),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
