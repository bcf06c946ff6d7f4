import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { SESSION_END_REASONS } from "../../../shared/live-constants";
import { isOneOf } from "../one-of";
import { users } from "./users";

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie token: a leaked table gives no usable cookie. */
    id: text("id").primaryKey(),
    /** What the sessions list names a session by: neither the token nor its hash leaves the server. */
    publicId: uuid("public_id").notNull().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userAgent: text("user_agent").notNull().default(""),
    /** The address signed in from, masked when stored (203.0.113.x): all the sessions list shows. */
    address: text("address").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Recorded at most once every few minutes (SESSION_TOUCH_MS), not on every request. */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("sessions_user_id_idx").on(table.userId),
    uniqueIndex("sessions_public_id_idx").on(table.publicId),
  ],
);

/**
 * Why a session was ended for its owner (migration 0034), by the hash of its cookie, kept a month:
 * a tab whose live socket was down when it happened learns it from GET /api/auth/me.
 */
export const endedSessions = pgTable(
  "ended_sessions",
  {
    id: text("id").primaryKey(),
    reason: text("reason", { enum: SESSION_END_REASONS }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("ended_sessions_reason_known", isOneOf(table.reason, SESSION_END_REASONS))],
);
