import { ADMIN_PAGE_SIZE } from "@shared/api/admin";
import { desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { auditLog, items, reports, type UserRow, users } from "../../db/schema";

/** Writes one line of the audit log, inside the action's own transaction where it has one. */
export async function recordAudit(
  db: Db,
  actor: UserRow,
  action: string,
  target: { type: string; id: string },
  details: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insert(auditLog)
    .values({ actorId: actor.id, action, targetType: target.type, targetId: target.id, details });
}

/** A page of the audit log, newest first, with each actor's current name. */
export async function findAuditPage(db: Db, page: number) {
  const [entries, [count]] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: users.name })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog),
  ]);
  const total = count?.total ?? 0;
  return {
    entries: entries.map(({ entry, actorName }) => ({
      id: entry.id,
      actorName,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      details: entry.details,
      createdAt: entry.createdAt.toISOString(),
    })),
    total,
    page,
    totalPages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
  };
}

/** Names and addresses of the people audit entries are about (deleted accounts too). */
export async function findAuditPeople(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Names of the listings audit entries are about, while they exist. */
export async function findAuditListings(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: items.id, productName: items.productName })
    .from(items)
    .where(inArray(items.id, ids));
}

/** The reports audit entries closed, with their reporters' names and what a listing was called. */
export async function findAuditReports(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const reporter = alias(users, "reporter");
  return db
    .select({
      id: reports.id,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      reporterName: reporter.name,
      listingName: sql<string | null>`${reports.evidence}->'listing'->>'productName'`,
    })
    .from(reports)
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .where(inArray(reports.id, ids))
    .orderBy(reports.createdAt, reports.id);
}
