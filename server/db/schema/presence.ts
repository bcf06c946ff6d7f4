import { index, integer, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Which users have a live socket open on which server instance, so a push sent by one instance
 * can see a tab connected to another. Each instance writes its own rows when a user's first socket
 * opens or last one closes, refreshes them all on a heartbeat, and deletes them when it stops; a
 * row whose heartbeat is late no longer counts (its instance crashed). No foreign key: a row is
 * ephemeral, and a user deleted meanwhile must not make a whole heartbeat batch fail.
 */
export const livePresence = pgTable(
  "live_presence",
  {
    /** The instance's id, new at every start. */
    instanceId: uuid("instance_id").notNull(),
    userId: uuid("user_id").notNull(),
    /** Sockets the user has open on that instance (at least 1: a row with none is deleted). */
    sockets: integer("sockets").notNull(),
    /** The instance's last write of this row (its clock is the database's). */
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.instanceId, table.userId] }),
    index("live_presence_user_idx").on(table.userId),
  ],
);
