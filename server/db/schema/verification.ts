import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
// Relative, as the schema's other imports: it loads without the app's path aliases.
import { ID_REVIEW_STATUSES } from "../../../shared/verification-constants";
import { isOneOf } from "../one-of";
import { users } from "./users";

/** The one code waiting per student (0035): keyed hashes of the code and of the address it went to. */
export const collegeCodes = pgTable("college_codes", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailHash: text("email_hash").notNull(),
  codeHash: text("code_hash").notNull(),
  /** The college the address proves: the code counts only while the profile still names it. */
  collegeName: text("college_name").notNull(),
  tries: integer("tries").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Student ID photos for the administrator's review (0035); the photo goes at the decision. */
export const idVerifications = pgTable(
  "id_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    collegeName: text("college_name").notNull(),
    /** The photo's key in the private 'ids' bucket; null once decided (the file is deleted). */
    photoKey: text("photo_key"),
    status: text("status", { enum: ID_REVIEW_STATUSES }).notNull().default("pending"),
    /** Why it was rejected, as the student is told. */
    reason: text("reason"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("id_verifications_status_check", isOneOf(table.status, ID_REVIEW_STATUSES)),
    uniqueIndex("id_verifications_one_pending").on(table.userId).where(sql`${table.status} = 'pending'`),
    index("id_verifications_user_idx").on(table.userId, table.createdAt),
  ],
);
