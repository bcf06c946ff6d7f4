import { index, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { items } from "./items";
import { users } from "./users";

export const favourites = pgTable(
  "favourites",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.itemId] }),
    index("favourites_item_idx").on(table.itemId),
  ],
);
