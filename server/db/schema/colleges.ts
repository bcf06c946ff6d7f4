import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
// Relative, as the schema's other imports: it loads without the app's path aliases.
import { COLLEGE_REQUEST_STATUSES } from "../../../shared/college-requests";
import { isOneOf } from "../one-of";
import { users } from "./users";

export const colleges = pgTable(
  "colleges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    city: text("city").notNull(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("colleges_city_name_unique").on(table.city, table.name)],
);

/** A college's e-mail domains (0035): each domain is at most one college's; a subdomain is its own entry. */
export const collegeDomains = pgTable(
  "college_domains",
  {
    domain: text("domain").primaryKey(),
    collegeId: uuid("college_id")
      .notNull()
      .references(() => colleges.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("college_domains_college_idx").on(table.collegeId)],
);

/** A college's short names (0037): 'IITB', 'DU', 'NIT Trichy'; one spelling per college whatever its case. */
export const collegeAliases = pgTable(
  "college_aliases",
  {
    collegeId: uuid("college_id")
      .notNull()
      .references(() => colleges.id, { onDelete: "cascade" }),
    alias: text("alias").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "college_aliases_pk", columns: [table.collegeId, table.alias] }),
    uniqueIndex("college_aliases_college_lower_unique").on(table.collegeId, sql`lower(${table.alias})`),
  ],
);

/**
 * 'My college isn't listed' (0044): a college a student named at sign-up, waiting for the
 * administrator's 'Add' or 'Merge into {existing}'; the decision and the college stay.
 */
export const collegeRequests = pgTable(
  "college_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    city: text("city").notNull(),
    status: text("status", { enum: COLLEGE_REQUEST_STATUSES }).notNull().default("pending"),
    /** The college the student was given: the one added, or the one merged into. */
    collegeId: uuid("college_id").references(() => colleges.id, { onDelete: "set null" }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("college_requests_one_pending").on(table.userId).where(sql`${table.status} = 'pending'`),
    index("college_requests_pending_created_idx").on(table.createdAt).where(sql`${table.status} = 'pending'`),
    check("college_requests_status_check", isOneOf(table.status, COLLEGE_REQUEST_STATUSES)),
  ],
);
export type CollegeRequestRow = typeof collegeRequests.$inferSelect;
