import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { TICKET_STATUSES } from "../../../shared/tickets-constants";
import { suspensions } from "./suspensions";
import { users } from "./users";

export const supportTickets = pgTable(
  "support_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Random six digits, unique across all tickets. */
    ticketId: text("ticket_id").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    userName: text("user_name").notNull(),
    userEmail: text("user_email").notNull(),
    userCollege: text("user_college").notNull(),
    purpose: text("purpose").notNull(),
    description: text("description").notNull(),
    status: text("status", { enum: TICKET_STATUSES }).notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by"),
    /** An appeal's suspension (purpose 'Appeal', migration 0034): one appeal per suspension. */
    suspensionId: uuid("suspension_id").references(() => suspensions.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("support_tickets_ticket_id_unique").on(table.ticketId),
    index("support_tickets_user_created_idx").on(table.userId, table.createdAt.desc()),
    index("support_tickets_status_idx").on(table.status, table.createdAt),
    uniqueIndex("support_tickets_one_appeal_per_suspension")
      .on(table.suspensionId)
      .where(sql`${table.suspensionId} is not null`),
  ],
);

/**
 * Work that must reach another service even across restarts: written in the same transaction
 * as the record it copies, sent by a worker with retries, marked sent once acknowledged.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, string>>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker's claim; another instance skips the row until it passes. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Which claim holds the lease: a worker marks the row only while its token is still there. */
    claimToken: uuid("claim_token"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // What each lane claims: its kinds' pending rows, by when they fall due.
    index("outbox_pending_idx")
      .on(table.kind, table.nextAttemptAt, table.id)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    // The rows in flight, looked at to send one recipient's pushes one at a time.
    index("outbox_leased_idx")
      .on(table.lockedUntil)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null and ${table.lockedUntil} is not null`),
  ],
);
