import { type SQL, sql } from "drizzle-orm";
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
import { OFFER_STATUSES } from "../../../shared/deals-constants";
import { isOneOf } from "../one-of";
import { chats, messages } from "./chats";
import { items } from "./items";
import { users } from "./users";

/**
 * The state of a price offer, one row per offer message (its id is the message's). A buyer's offer
 * or the seller's counter; at most one is pending per chat (a new one replaces it).
 */
export const offers = pgTable(
  "offers",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => messages.id, { onDelete: "cascade" }),
    chatId: text("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    itemId: uuid("item_id")
      .notNull()
      .references(() => items.id, { onDelete: "cascade" }),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The seller's counter-offer (the buyer answers it). */
    isCounter: boolean("is_counter").notNull().default(false),
    price: integer("price").notNull(),
    status: text("status", { enum: OFFER_STATUSES }).notNull().default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("offers_chat_idx").on(table.chatId),
    uniqueIndex("offers_one_pending_per_chat").on(table.chatId).where(sql`${table.status} = 'pending'`),
    index("offers_pending_expiry_idx").on(table.expiresAt).where(sql`${table.status} = 'pending'`),
    check("offers_price_positive", sql`${table.price} > 0`),
    // The same check as the migrations' (0022), written from the one list.
    check("offers_status_check", isOneOf(table.status, OFFER_STATUSES)),
  ],
);

/** A rating one side of a deal gave the other; double-blind until both rated or 14 days passed. */
export const ratings = pgTable(
  "ratings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    itemId: uuid("item_id").references(() => items.id, { onDelete: "set null" }),
    itemName: text("item_name").notNull(),
    raterId: uuid("rater_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rateeId: uuid("ratee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stars: integer("stars").notNull(),
    comment: text("comment").notNull().default(""),
    /** When the item was sold: the 14 days run from here. */
    dealAt: timestamp("deal_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("ratings_item_rater_unique").on(table.itemId, table.raterId),
    index("ratings_ratee_idx").on(table.rateeId, table.createdAt.desc()),
    check("ratings_stars_check", sql`${table.stars} between 1 and 5`),
  ],
);

/**
 * A rating shows once both sides of its deal rated, or its 14 days passed (double-blind). `rating`
 * is the ratings table under the alias the query gives it.
 */
export function isRatingRevealedSql(rating: string): SQL {
  const r = sql.raw(rating);
  return sql`(${r}.deal_at < now() - interval '14 days' or exists (select 1 from ${ratings} other
    where other.item_id = ${r}.item_id and other.rater_id = ${r}.ratee_id and other.ratee_id = ${r}.rater_id))`;
}
