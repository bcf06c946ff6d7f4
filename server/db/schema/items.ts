import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

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
    category: text("category", { enum: ["gadgets", "books", "stationary", "other"] }).notNull(),
    condition: text("condition", { enum: ["new", "like new", "used"] }).notNull(),
    description: text("description").notNull().default(""),
    showMobileNumber: boolean("show_mobile_number").notNull().default(false),
    /** False once sold. */
    isActive: boolean("is_active").notNull().default(true),
    isSold: boolean("is_sold").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    soldAt: timestamp("sold_at", { withTimezone: true }),
  },
  (table) => [
    index("items_seller_idx").on(table.sellerId, table.isActive),
    index("items_active_created_idx")
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.isActive}`),
    index("items_active_price_idx").on(table.price, table.createdAt.desc()).where(sql`${table.isActive}`),
    index("items_active_category_created_idx")
      .on(table.category, table.createdAt.desc())
      .where(sql`${table.isActive}`),
    // Trigram indexes serve the case-insensitive substring search of browse.
    index("items_product_name_trgm_idx").using("gin", sql`${table.productName} gin_trgm_ops`),
    index("items_type_trgm_idx").using("gin", sql`${table.type} gin_trgm_ops`),
    check("items_price_min", sql`${table.price} >= 1`),
  ],
);
