import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
// Relative, as the schema's other imports: it loads without the app's path aliases.
import { EVENT_REMINDER_KINDS } from "../../../shared/events-constants";
import { TEAM_REQUEST_STATUSES } from "../../../shared/team-constants";
import { isOneOf } from "../one-of";
import { users } from "./users";

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    organizer: text("organizer").notNull(),
    venue: text("venue").notNull(),
    college: text("college").notNull(),
    city: text("city").notNull(),
    date: date("date").notNull(),
    /** HH:MM in India time. */
    time: text("time").notNull(),
    image: text("image").notNull(),
    registrationUrl: text("registration_url"),
    /** When it ends, India's calendar and time (0042); null only for rows written without one: start + 2 h. */
    endDate: date("end_date"),
    endTime: text("end_time"),
    /** 'Registration closes' (0042): its reminder goes out a day before. */
    registrationClosesAt: timestamp("registration_closes_at", { withTimezone: true }),
    /** Grows with each change of the event: the calendar file's SEQUENCE. */
    sequence: integer("sequence").notNull().default(0),
    /** Set by 'Cancel Event': the event stays, marked 'Cancelled', with its reason. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("events_date_idx").on(table.date.desc(), table.time.desc()),
    index("events_college_idx").on(table.college),
    check("events_end_whole", sql`(${table.endDate} is null) = (${table.endTime} is null)`),
  ],
);

export const recruitmentPosts = pgTable(
  "recruitment_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recruiterId: uuid("recruiter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    maxStudents: integer("max_students").notNull().default(1),
    event: text("event").notNull().default(""),
    qualities: text("qualities").notNull().default(""),
    years: jsonb("years").$type<string[]>().notNull(),
    description: text("description").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    /** One of the listed events, when the recruiter picked one. */
    eventId: uuid("event_id").references(() => events.id, { onDelete: "set null" }),
    /** Its event was cancelled (0042): the link is gone and the card says so. */
    eventCancelled: boolean("event_cancelled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("recruitment_active_created_idx").on(table.createdAt.desc()).where(sql`${table.isActive}`),
    index("recruitment_recruiter_idx").on(table.recruiterId),
    check("recruitment_team_size", sql`${table.maxStudents} between 1 and 20`),
    index("recruitment_event_idx").on(table.eventId).where(sql`${table.eventId} is not null`),
  ],
);

/** A student's interest in an event; one row per student and event. */
export const eventInterests = pgTable(
  "event_interests",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.userId], name: "event_interests_pkey" }),
    index("event_interests_user_idx").on(table.userId),
  ],
);

/** Each reminder sent to an interested student; the key makes it once each. */
export const eventReminders = pgTable(
  "event_reminders",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: EVENT_REMINDER_KINDS }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.userId, table.kind], name: "event_reminders_pkey" }),
    check("event_reminders_kind_check", isOneOf(table.kind, EVENT_REMINDER_KINDS)),
  ],
);

/** A request to join a recruitment post's team. */
export const teamRequests = pgTable(
  "team_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => recruitmentPosts.id, { onDelete: "cascade" }),
    requesterId: uuid("requester_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    note: text("note").notNull().default(""),
    status: text("status", { enum: TEAM_REQUEST_STATUSES }).notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("team_requests_open_idx")
      .on(table.postId, table.requesterId)
      .where(sql`${table.status} in ('pending', 'accepted')`),
    index("team_requests_requester_idx").on(table.requesterId, table.status),
    check("team_requests_status_check", isOneOf(table.status, TEAM_REQUEST_STATUSES)),
    check("team_requests_note_length", sql`char_length(${table.note}) <= 300`),
  ],
);
