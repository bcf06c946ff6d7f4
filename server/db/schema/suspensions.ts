import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { reports } from "./reports";
import { users } from "./users";

/**
 * One suspension of an account (migration 0034): its reason, who decided it, the report it closed,
 * and when it was lifted. `users.suspended_at`/`suspended_until` stay what sign-in and the listings
 * check; this record is what the student is told and what an appeal names.
 */
export const suspensions = pgTable(
  "suspensions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    reportId: uuid("report_id").references(() => reports.id, { onDelete: "set null" }),
    reason: text("reason").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    /** null: permanently. */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    liftedBy: uuid("lifted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [index("suspensions_user_idx").on(table.userId, table.startsAt.desc())],
);

export type SuspensionRow = typeof suspensions.$inferSelect;
