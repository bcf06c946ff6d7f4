import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { items } from "./items";
import { users } from "./users";

/**
 * The pickup code of a reserved item (migration 0040): the reserved buyer shows it, the seller types
 * it at the handover ('Confirm handover'). Only the buyer's answers read `code` (decision 050).
 * Five wrong codes set `lockedUntil` an hour on. Gone once the reservation ends or the item is sold.
 */
export const pickupCodes = pgTable(
  "pickup_codes",
  {
    itemId: uuid("item_id")
      .primaryKey()
      .references(() => items.id, { onDelete: "cascade" }),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("pickup_codes_code_digits", sql`${table.code} ~ '^[0-9]{4}$'`),
    check("pickup_codes_attempts_range", sql`${table.failedAttempts} >= 0`),
  ],
);
