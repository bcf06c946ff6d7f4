import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { REPORT_TARGET_TYPES } from "../../../shared/reports-constants";
import { isOneOf } from "../one-of";
import { users } from "./users";

/** What a report keeps of its target as it was when reported (a message and the ones around it). */
export interface ReportEvidence {
  messages?: {
    id: string;
    senderId: string;
    senderName: string;
    type: string;
    text: string;
    offerPrice: number | null;
    createdAt: string;
    isReported: boolean;
  }[];
  chatId?: string;
  /** The listing as it was when reported. */
  listing?: { productName: string; price: number; productImage: string; category: string };
}

/**
 * A student's report of a listing, a user or a message. The target is named by kind and id with no
 * foreign key, so the report outlives it; the reported message is kept in `evidence`.
 */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetType: text("target_type", { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: uuid("target_id").notNull(),
    /** The person reported: the seller, the user, the message's sender. */
    targetUserId: uuid("target_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    evidence: jsonb("evidence").$type<ReportEvidence>().notNull().default({}),
    /** The reported chat photo's copy in the 'reports' bucket: it outlives the chat and the message. */
    photoKey: text("photo_key"),
    status: text("status", { enum: ["open", "resolved"] })
      .notNull()
      .default("open"),
    /** The administrator's action that closed it: dismiss, remove, warn, suspend. */
    outcome: text("outcome"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("reports_one_open_per_reporter")
      .on(table.reporterId, table.targetType, table.targetId)
      .where(sql`${table.status} = 'open'`),
    index("reports_open_target_idx")
      .on(table.targetType, table.targetId, table.createdAt)
      .where(sql`${table.status} = 'open'`),
    index("reports_target_user_idx").on(table.targetUserId, table.createdAt),
    check("reports_target_type_check", isOneOf(table.targetType, REPORT_TARGET_TYPES)),
    check("reports_status_check", sql`${table.status} in ('open', 'resolved')`),
  ],
);

export type ReportRow = typeof reports.$inferSelect;

/**
 * Photo copies in the 'reports' bucket whose report is gone or names another copy: a trigger on
 * `reports` queues them (migration 0027), housekeeping deletes the files and then the rows.
 */
export const reportPhotoDeletions = pgTable("report_photo_deletions", {
  photoKey: text("photo_key").primaryKey(),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
});
