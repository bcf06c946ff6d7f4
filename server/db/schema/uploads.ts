import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
// Relative, as the schema's other imports: it loads without the app's path aliases.
import { PHOTO_CHECKS } from "../../../shared/trust-constants";
import { isOneOf } from "../one-of";
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
    /**
     * What the scam guard's QR reader made of a chat photo (0032): 'flagged' flags the message that
     * sends it, 'unchecked' (the reader did not finish) has the recipient's copy blurred too, 'clean'.
     * Null for item images and profile photos, which are not read.
     */
    qrCheck: text("qr_check", { enum: PHOTO_CHECKS }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.key] }),
    check("uploads_qr_check_known", isOneOf(table.qrCheck, PHOTO_CHECKS)),
    /** A student's uploads of the last day: the daily quota's sum (0031). */
    index("uploads_owner_created_idx").on(table.ownerId, table.createdAt),
  ],
);

/**
 * The resized copies kept in the storage's cache buckets, so the cache can be held to a size:
 * the copies used longest ago go first. A row goes with its upload.
 */
export const imageVariants = pgTable(
  "image_variants",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    variant: text("variant").notNull(),
    format: text("format").notNull(),
    bytes: integer("bytes").notNull(),
    /** Refreshed at most daily when the copy is served again. */
    usedAt: timestamp("used_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.key, table.variant, table.format] }),
    foreignKey({
      name: "image_variants_upload_fk",
      columns: [table.bucket, table.key],
      foreignColumns: [uploads.bucket, uploads.key],
    }).onDelete("cascade"),
    index("image_variants_used_idx").on(table.usedAt),
  ],
);
