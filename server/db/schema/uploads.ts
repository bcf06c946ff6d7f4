import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/** Every stored file and who uploaded it: an item may only use an image its seller uploaded. */
export const uploads = pgTable(
  "uploads",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.key] })],
);
