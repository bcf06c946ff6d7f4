import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { CATEGORIES, CONDITIONS } from "../../../shared/constants";
import { users } from "./users";

/**
 * What browse searches: name and type in search_normal's spelling (lower-case, a model number's
 * joining marks dropped: migration 0036), the expression its trigram index is built on.
 */
export function itemSearchText(table: { productName: AnyPgColumn; type: AnyPgColumn }): SQL {
  return sql`search_normal(${table.productName} || ' ' || ${table.type})`;
}

export const items = pgTable(
  "items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productName: text("product_name").notNull(),
    productImage: text("product_image").notNull(),
    type: text("type").notNull(),
    /** Whole rupees. */
    price: integer("price").notNull(),
    category: text("category", { enum: CATEGORIES }).notNull(),
    condition: text("condition", { enum: CONDITIONS }).notNull(),
    description: text("description").notNull().default(""),
    showMobileNumber: boolean("show_mobile_number").notNull().default(false),
    /** False once sold. */
    isActive: boolean("is_active").notNull().default(true),
    isSold: boolean("is_sold").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    soldAt: timestamp("sold_at", { withTimezone: true }),
    /**
     * The seller's college, copied here so browse can filter and order by it in one index. Triggers
     * keep it equal to users.college: set on insert (any value given is replaced), and rewritten on
     * every item of a user whose college changes.
     */
    sellerCollege: text("seller_college").notNull().default(""),
    /** 'Price is negotiable' on the sell form: when false the item page says 'Fixed price', no offers. */
    isNegotiable: boolean("is_negotiable").notNull().default(true),
    /** Set by an accepted offer: held for this buyer until reservedUntil (3 days) unless sold or released. */
    reservedForId: uuid("reserved_for_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    /** The accepted offer's price while reserved: the deal's price the listing and chat show. */
    reservedPrice: integer("reserved_price"),
    /** The seller was reminded the day before the reservation lapses. */
    isReservationReminded: boolean("is_reservation_reminded").notNull().default(false),
    /** Who bought it, when the seller said so on 'Mark as Sold' (null for 'Someone else'). */
    buyerId: uuid("buyer_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /** The photos in order, up to 8; the first is the cover, also kept in productImage. Empty reads as [productImage]. */
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    /** Active until then (30 days from posting or the last renewal); the listings job expires it. */
    expiresAt: timestamp("expires_at", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 days'`),
    /** Set when the listing lapsed (is_active false, not sold); cleared by renewing. */
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    /** When the seller was told the listing expires in 3 days. */
    expiryWarnedAt: timestamp("expiry_warned_at", { withTimezone: true }),
    /** The last 'Price dropped' notice to those who saved it (at most one a day). */
    priceDropNotifiedAt: timestamp("price_drop_notified_at", { withTimezone: true }),
  },
  (table) => [
    index("items_seller_idx").on(table.sellerId, table.isActive),
    index("items_active_created_idx")
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.isActive}`),
    index("items_active_price_idx").on(table.price, table.createdAt.desc()).where(sql`${table.isActive}`),
    // One category by price (issue 23): the page off the index, not every price walked.
    index("items_active_category_price_idx")
      .on(table.category, table.price, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.isActive}`),
    index("items_active_category_created_idx")
      .on(table.category, table.createdAt.desc())
      .where(sql`${table.isActive}`),
    // Browse by college: the college's active items, newest first (backwards: oldest first). The
    // migration (0021) adds INCLUDE (seller_id, product_name, type): a deep page's ids, and a
    // search within the college, come from the index alone.
    index("items_active_college_created_idx")
      .on(table.sellerCollege, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.isActive}`),
    // Browse by college: the college's active items of a category, newest first. Migration 0021
    // adds INCLUDE (seller_id, product_name, type): a search within a college reads the index alone.
    index("items_active_college_category_created_idx")
      .on(table.sellerCollege, table.category, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.isActive}`),
    // One trigram index serves browse's case-insensitive substring search in name and type
    // (itemSearchText). Without the pending list (fastupdate off) new items are searchable through
    // the index at once, at full speed, with no VACUUM needed to merge them.
    index("items_search_trgm_idx")
      .using("gin", sql`${itemSearchText(table)} gin_trgm_ops`)
      .with({ fastupdate: false }),
    check("items_price_min", sql`${table.price} >= 1`),
    check("items_images_count", sql`cardinality(${table.images}) <= 8`),
    index("items_images_idx").using("gin", table.images),
    index("items_active_expires_idx").on(table.expiresAt).where(sql`${table.isActive}`),
  ],
);

/**
 * Every word (three letters or more) ever in a listing's name or type, kept by a trigger on items
 * (migration 0036): a search word no listing contains is forgiven as a typo of the nearest of these.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (table) => [
  index("search_words_trgm_idx").using("gist", sql`${table.word} gist_trgm_ops`),
]);
