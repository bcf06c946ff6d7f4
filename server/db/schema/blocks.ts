import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * One student blocked another (migration 0016): the blocked student cannot message or follow the
 * blocker, and neither sees the other's listings. Silent: the blocked student is never told.
 */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index("user_blocks_blocked_idx").on(table.blockedId),
    check("user_blocks_not_self", sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

/**
 * True (in SQL) when the viewer and the person in `other` (a column or value) have blocked one
 * another, either way round: the filter every list of listings and every contact path uses.
 */
export function isBlockedBetween(viewerId: string, other: SQLWrapper): SQL {
  return sql`exists (select 1 from ${userBlocks} b
    where (b.blocker_id = ${viewerId} and b.blocked_id = ${other})
       or (b.blocker_id = ${other} and b.blocked_id = ${viewerId}))`;
}
