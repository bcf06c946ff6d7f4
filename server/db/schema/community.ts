import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
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
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("events_date_idx").on(table.date.desc(), table.time.desc()),
    index("events_college_idx").on(table.college),
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("recruitment_active_created_idx").on(table.createdAt.desc()).where(sql`${table.isActive}`),
    index("recruitment_recruiter_idx").on(table.recruiterId),
    check("recruitment_team_size", sql`${table.maxStudents} between 1 and 20`),
  ],
);
