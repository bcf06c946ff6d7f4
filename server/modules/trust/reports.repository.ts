import type { ReportTargetType } from "@shared/reports-constants";
import { and, asc, desc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  auditLog,
  chatMembers,
  items,
  messages,
  type ReportEvidence,
  type ReportRow,
  ratings,
  reportPhotoDeletions,
  reports,
  sessions,
  users,
} from "../../db/schema";

export type NewReport = typeof reports.$inferInsert;

/** How many neighbours of a reported message are kept with it. */
const MESSAGES_AROUND = 5;
/** How many report targets the queue shows at once. */
const QUEUE_LIMIT = 50;

export async function findListing(db: Db, id: string) {
  const [row] = await db.select().from(items).where(eq(items.id, id)).limit(1);
  return row;
}

export async function findListings(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(items).where(inArray(items.id, ids));
}

/** An account that is not deleted. */
export async function findPerson(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), sql`${users.deletedAt} is null`))
    .limit(1);
  return row;
}

/** The ids of a chat's members. */
export async function findChatMembers(db: Db, chatId: string): Promise<string[]> {
  const members = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(eq(chatMembers.chatId, chatId));
  return members.map((member) => member.userId);
}

/** A message with the ids of its chat's members. */
export async function findMessage(db: Db, id: string) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  if (!row) return undefined;
  return { message: row, members: await findChatMembers(db, row.chatId) };
}

export async function findMessagesPresent(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: messages.id }).from(messages).where(inArray(messages.id, ids));
  return new Set(rows.map((row) => row.id));
}

/**
 * The reported message and the five messages nearest it in its chat (before it first, then after),
 * in the order they were sent, with their senders' names: what the report keeps as evidence.
 */
export async function findMessageWithNeighbours(
  db: Db,
  message: typeof messages.$inferSelect,
): Promise<NonNullable<ReportEvidence["messages"]>> {
  const columns = {
    message: messages,
    senderName: users.name,
  };
  const [before, after] = await Promise.all([
    db
      .select(columns)
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(
        and(
          eq(messages.chatId, message.chatId),
          ne(messages.id, message.id),
          sql`(${messages.createdAt}, ${messages.id}) < (${message.createdAt.toISOString()}::timestamptz, ${message.id}::uuid)`,
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(MESSAGES_AROUND),
    db
      .select(columns)
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(
        and(
          eq(messages.chatId, message.chatId),
          ne(messages.id, message.id),
          sql`(${messages.createdAt}, ${messages.id}) > (${message.createdAt.toISOString()}::timestamptz, ${message.id}::uuid)`,
        ),
      )
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(MESSAGES_AROUND),
  ]);
  const [self] = await db
    .select(columns)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, message.id));
  // The nearest five, taking turns before and after, so a message late in a chat keeps more before it.
  const kept: typeof before = [];
  for (let index = 0; kept.length < MESSAGES_AROUND && index < MESSAGES_AROUND; index += 1) {
    const earlier = before[index];
    const later = after[index];
    if (earlier) kept.push(earlier);
    if (later && kept.length < MESSAGES_AROUND) kept.push(later);
  }
  const all = self ? [...kept, self] : kept;
  all.sort(
    (a, b) =>
      a.message.createdAt.getTime() - b.message.createdAt.getTime() ||
      a.message.id.localeCompare(b.message.id),
  );
  return all.map(({ message: row, senderName }) => ({
    id: row.id,
    senderId: row.senderId,
    senderName,
    type: row.type,
    text: row.type === "photo" ? "Photo" : row.text,
    offerPrice: row.offerPrice,
    createdAt: row.createdAt.toISOString(),
    isReported: row.id === message.id,
  }));
}

/** Takes off the deletion queue the photo copies some report still names: they are not to delete. */
export async function forgetPhotosStillReported(db: Db): Promise<void> {
  await db
    .delete(reportPhotoDeletions)
    .where(sql`exists (select 1 from ${reports} r where r.photo_key = ${reportPhotoDeletions.photoKey})`);
}

/** Up to `limit` photo copies whose report is gone, oldest first (queued by migration 0027's trigger). */
export async function findQueuedPhotoDeletions(db: Db, limit: number): Promise<string[]> {
  const rows = await db
    .select({ photoKey: reportPhotoDeletions.photoKey })
    .from(reportPhotoDeletions)
    .orderBy(asc(reportPhotoDeletions.queuedAt), asc(reportPhotoDeletions.photoKey))
    .limit(limit);
  return rows.map((row) => row.photoKey);
}

/** Takes a photo copy off the deletion queue once its file is deleted. */
export async function forgetPhotoDeletion(db: Db, photoKey: string): Promise<void> {
  await db.delete(reportPhotoDeletions).where(eq(reportPhotoDeletions.photoKey, photoKey));
}

/** Adds a report; undefined when the reporter already has an open report of this target. */
export async function insertReport(db: Db, values: NewReport): Promise<ReportRow | undefined> {
  const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findReport(db: Db, id: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  return row;
}

/**
 * The open report targets, the most reported and then the oldest first, with how many people
 * reported each, and how many targets are open in all.
 */
export async function findOpenTargets(db: Db) {
  const reporters = sql<number>`count(distinct ${reports.reporterId})::int`;
  const firstAt = sql<Date>`min(${reports.createdAt})`;
  const [targets, [count]] = await Promise.all([
    db
      .select({
        targetType: reports.targetType,
        targetId: reports.targetId,
        reporterCount: reporters,
        firstReportedAt: sql<string>`min(${reports.createdAt})::text`,
      })
      .from(reports)
      .where(eq(reports.status, "open"))
      .groupBy(reports.targetType, reports.targetId)
      .orderBy(desc(reporters), asc(firstAt))
      .limit(QUEUE_LIMIT),
    db
      .select({ total: sql<number>`count(distinct (${reports.targetType}, ${reports.targetId}))::int` })
      .from(reports)
      .where(eq(reports.status, "open")),
  ]);
  return { targets, total: count?.total ?? 0 };
}

/** Every open report of these targets, oldest first. */
export async function findOpenReportsOf(db: Db, targetIds: string[]): Promise<ReportRow[]> {
  if (targetIds.length === 0) return [];
  return db
    .select()
    .from(reports)
    .where(and(eq(reports.status, "open"), inArray(reports.targetId, targetIds)))
    .orderBy(asc(reports.createdAt), asc(reports.id));
}

export async function findPeople(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

/** How many reports each person has had, in all. */
export async function countReportsAgainst(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ userId: reports.targetUserId, total: sql<number>`count(*)::int` })
    .from(reports)
    .where(inArray(reports.targetUserId, ids))
    .groupBy(reports.targetUserId);
  return new Map(rows.map((row) => [row.userId ?? "", row.total]));
}

/** The moderation actions written to the audit log about these people, newest first. */
export async function findModerationActions(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      userId: sql<string>`${auditLog.details}->>'userId'`,
      action: auditLog.action,
      reason: sql<string>`coalesce(${auditLog.details}->>'reason', '')`,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(sql`${auditLog.action} like 'moderation.%'`, sql`${auditLog.details}->>'userId' in ${ids}`))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(200);
}

/** Closes every open report of a target; returns them. */
export async function resolveTarget(
  db: Db,
  target: { targetType: ReportTargetType; targetId: string },
  outcome: string,
): Promise<ReportRow[]> {
  return db
    .update(reports)
    .set({ status: "resolved", outcome, resolvedAt: new Date() })
    .where(
      and(
        eq(reports.status, "open"),
        eq(reports.targetType, target.targetType),
        eq(reports.targetId, target.targetId),
      ),
    )
    .returning();
}

/** Deletes a message; returns it, or undefined when it was already gone. */
export async function deleteMessage(db: Db, id: string) {
  const [row] = await db.delete(messages).where(eq(messages.id, id)).returning();
  return row;
}

/** Suspends an account until a time (null: permanently) and ends its sessions; returns their ids. */
export async function suspendAccount(db: Db, id: string, until: Date | null): Promise<string[]> {
  await db
    .update(users)
    .set({ suspendedAt: new Date(), suspendedUntil: until, updatedAt: new Date() })
    .where(eq(users.id, id));
  const ended = await db.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
  return ended.map((row) => row.id);
}

/** Ends a suspension; returns whether one was running. */
export async function liftSuspension(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ suspendedAt: null, suspendedUntil: null, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, id),
        sql`${users.suspendedAt} is not null`,
        sql`(${users.suspendedUntil} is null or ${gt(users.suspendedUntil, new Date())})`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A rating with its rater's name, for a report of it. */
export async function findRating(db: Db, id: string) {
  const [row] = await db
    .select({ rating: ratings, raterName: users.name })
    .from(ratings)
    .innerJoin(users, eq(users.id, ratings.raterId))
    .where(eq(ratings.id, id))
    .limit(1);
  return row;
}

export async function findRatingsPresent(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: ratings.id }).from(ratings).where(inArray(ratings.id, ids));
  return new Set(rows.map((row) => row.id));
}

export async function deleteRating(db: Db, id: string) {
  const [row] = await db.delete(ratings).where(eq(ratings.id, id)).returning();
  return row;
}
