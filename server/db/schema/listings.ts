import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/** A student's saved search on /buy: search text, category and college, alerted in the background. */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    search: text("search").notNull().default(""),
    category: text("category").notNull().default("all"),
    college: text("college").notNull().default(""),
    /**
     * The search read as browse reads it, one list per word of the forms that count as that word
     * (singular, synonyms, typo fixes; server/modules/items/search-terms.ts): a new item matches
     * when it contains a form of every word. Empty for no search; null until the listings job
     * reads a search saved before it was kept.
     */
    searchForms: jsonb("search_forms").$type<string[][]>(),
    /** New matches since the student last viewed the search. */
    unseenCount: integer("unseen_count").notNull().default(0),
    /** New matches not yet announced (one notice per search per hour at most). */
    pendingCount: integer("pending_count").notNull().default(0),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("saved_searches_user_idx").on(table.userId, table.createdAt),
    index("saved_searches_pending_idx").on(table.notifiedAt).where(sql`${table.pendingCount} > 0`),
  ],
);

/** A background job's lease (one instance runs it at a time) and its progress, kept across restarts. */
export const jobState = pgTable("job_state", {
  name: text("name").primaryKey(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  cursorAt: timestamp("cursor_at", { withTimezone: true }),
  cursorId: uuid("cursor_id"),
});
