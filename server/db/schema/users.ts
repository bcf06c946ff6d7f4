import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ROLES } from "../../../shared/constants";
import { EMAIL_VISIBILITIES, MOBILE_VISIBILITIES } from "../../../shared/trust-constants";
import { VERIFICATION_METHODS } from "../../../shared/verification-constants";
import { isOneOf } from "../one-of";

export interface SecurityFlags {
  accountCreated: string;
  /** Always the literal 'hidden': the address is never stored with the profile. */
  ipAddress: "hidden";
  userAgent: string;
}

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Stored lower-cased. */
    email: text("email").notNull(),
    city: text("city").notNull().default(""),
    college: text("college").notNull().default(""),
    /** True while the student's request for a college the directory lacks waits (0044); college is ''. */
    collegePending: boolean("college_pending").notNull().default(false),
    /** Digits only. */
    mobile: text("mobile").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("student"),
    emailVerified: boolean("email_verified").notNull().default(false),
    bio: text("bio").notNull().default(""),
    profilePhoto: text("profile_photo"),
    securityFlags: jsonb("security_flags").$type<SecurityFlags>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp("last_login", { withTimezone: true }),
    /** Holiday mode: while active and today (India time) is within the dates, the user's items are hidden. */
    holidayActive: boolean("holiday_active").notNull().default(false),
    holidayFrom: date("holiday_from"),
    holidayTo: date("holiday_to"),
    holidayActivatedAt: timestamp("holiday_activated_at", { withTimezone: true }),
    holidayDeactivatedAt: timestamp("holiday_deactivated_at", { withTimezone: true }),
    /** Who may see the mobile number on the student API (migrations 0016, 0033). */
    mobileVisibility: text("mobile_visibility", { enum: MOBILE_VISIBILITIES }).notNull().default("shared"),
    /** Who may see the e-mail address on the student API (migration 0016). */
    emailVisibility: text("email_visibility", { enum: EMAIL_VISIBILITIES }).notNull().default("nobody"),
    /** Set when an administrator deletes the account: it can no longer sign in. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Set while an administrator's suspension lasts: sign-in refused, listings and posts hidden. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /** When the suspension ends; null with suspendedAt set means permanently. */
    suspendedUntil: timestamp("suspended_until", { withTimezone: true }),
    /** When the student proved their college (0035): a code to a college address, or an ID review. */
    collegeVerifiedAt: timestamp("college_verified_at", { withTimezone: true }),
    /** The college proved; a student whose profile names another college is no longer verified. */
    collegeVerifiedName: text("college_verified_name"),
    collegeVerifiedVia: text("college_verified_via", { enum: VERIFICATION_METHODS }),
    /** The verified college address as a keyed hash (HMAC with a server secret), never the address. */
    collegeEmailHash: text("college_email_hash"),
    /** The college whose events this student organises (0042); rights hold while it is their college. */
    organiserCollege: text("organiser_college"),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(table.email),
    index("users_created_at_idx").on(table.createdAt),
    index("users_college_idx").on(table.college),
    // The few users whose items browse may hide (deleted, or holiday mode on): the marketplace's
    // total is every active item less theirs.
    index("users_maybe_hidden_idx")
      .on(table.id)
      .where(
        sql`${table.deletedAt} is not null or ${table.holidayActive} or ${table.suspendedAt} is not null`,
      ),
    uniqueIndex("users_single_admin").on(table.role).where(sql`${table.role} = 'admin'`),
    // The migrations' checks (0016, 0033), written from the same lists.
    check("users_mobile_visibility_check", isOneOf(table.mobileVisibility, MOBILE_VISIBILITIES)),
    check("users_email_visibility_check", isOneOf(table.emailVisibility, EMAIL_VISIBILITIES)),
    check("users_college_verified_via_check", isOneOf(table.collegeVerifiedVia, VERIFICATION_METHODS)),
    index("users_suspended_mobile_idx").on(table.mobile).where(sql`${table.suspendedAt} is not null`),
    index("users_college_email_hash_idx")
      .on(table.collegeEmailHash)
      .where(sql`${table.collegeEmailHash} is not null`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/** True while the user's suspension lasts (SQL, for queries that hide a suspended user's records). */
export const isSuspendedSql = sql`(${users.suspendedAt} is not null and (${users.suspendedUntil} is null or ${users.suspendedUntil} > now()))`;

/** True while the user's suspension lasts. */
export function isSuspended(
  user: Pick<UserRow, "suspendedAt" | "suspendedUntil">,
  now = new Date(),
): boolean {
  return user.suspendedAt !== null && (user.suspendedUntil === null || user.suspendedUntil > now);
}

/** True while the user is a verified student of the college their profile names (SQL). */
export const isCollegeVerifiedSql = sql`(${users.collegeVerifiedAt} is not null and ${users.collegeVerifiedName} = ${users.college})`;
