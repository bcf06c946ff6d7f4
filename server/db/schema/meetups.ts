import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { MEETUP_SPOT_STATUSES, MEETUP_STATUSES } from "../../../shared/meetups-constants";
import { isOneOf } from "../one-of";
import { chats, messages } from "./chats";
import { colleges } from "./colleges";
import { users } from "./users";

/**
 * A college's meetup spot (0043): the administrator's are approved; a student's suggestion waits
 * as pending until the administrator approves it.
 */
export const meetupSpots = pgTable(
  "meetup_spots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    collegeId: uuid("college_id")
      .notNull()
      .references(() => colleges.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    directions: text("directions").notNull(),
    status: text("status", { enum: MEETUP_SPOT_STATUSES }).notNull().default("pending"),
    suggestedBy: uuid("suggested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("meetup_spots_college_name_unique").on(table.collegeId, sql`lower(${table.name})`),
    check("meetup_spots_status_check", isOneOf(table.status, MEETUP_SPOT_STATUSES)),
  ],
);

/** A meetup proposed in an item's chat (0043); its card is the message with the same id. */
export const meetups = pgTable(
  "meetups",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => messages.id, { onDelete: "cascade" }),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    proposerId: uuid("proposer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    spotId: uuid("spot_id").references(() => meetupSpots.id, { onDelete: "set null" }),
    /** Copied from the spot and the item, so the card and the calendar file keep what was agreed. */
    spotName: text("spot_name").notNull(),
    spotDirections: text("spot_directions").notNull(),
    itemTitle: text("item_title").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: MEETUP_STATUSES }).notNull().default("proposed"),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** When both sides were reminded (an hour before); set once, by the pass that claims it. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("meetups_chat_idx").on(table.chatId, table.createdAt),
    index("meetups_reminder_due_idx")
      .on(table.startsAt)
      .where(sql`${table.status} = 'accepted' and ${table.remindedAt} is null`),
    check("meetups_status_check", isOneOf(table.status, MEETUP_STATUSES)),
  ],
);
