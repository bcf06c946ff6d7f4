import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { sessions } from "./sessions";
import { users } from "./users";

/** Server-wide secrets generated once and shared by every instance (the VAPID key pair). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One browser's push subscription; removed with the session (device) that made it. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(table.endpoint),
    index("push_subscriptions_user_idx").on(table.userId),
    index("push_subscriptions_session_idx").on(table.sessionId),
  ],
);

/** Which notifications a student wants pushed, and the unread-messages e-mail; no row: all on. */
export const notificationSettings = pgTable("notification_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  pushMessages: boolean("push_messages").notNull().default(true),
  pushDeals: boolean("push_deals").notNull().default(true),
  pushAdmin: boolean("push_admin").notNull().default(true),
  pushEvents: boolean("push_events").notNull().default(true),
  emailDigest: boolean("email_digest").notNull().default(true),
  lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
});

/**
 * The in-app card that offers pushes after a first message, an Interested or a team request: its
 * answers, per student so they hold on every device (migration 0045). No row: never answered.
 */
export const pushPrompts = pgTable(
  "push_prompts",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    notNowCount: integer("not_now_count").notNull().default(0),
    lastNotNowAt: timestamp("last_not_now_at", { withTimezone: true }),
    turnedOnAt: timestamp("turned_on_at", { withTimezone: true }),
  },
  (table) => [check("push_prompts_not_now_count", sql`${table.notNowCount} >= 0`)],
);
