import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { outbox, supportTickets, users } from "../../db/schema";

export type TicketRow = typeof supportTickets.$inferSelect;
export type NewTicket = Omit<typeof supportTickets.$inferInsert, "id">;

/** Stores a ticket; undefined when its six-digit number is taken already. */
export async function insertTicket(db: Db, values: NewTicket): Promise<TicketRow | undefined> {
  const [ticket] = await db
    .insert(supportTickets)
    .values(values)
    .onConflictDoNothing({ target: supportTickets.ticketId })
    .returning();
  return ticket;
}

/** Queues the copy of a ticket for the form service (the outbox worker sends it). */
export async function queueTicketMirror(
  db: Db,
  kind: string,
  payload: Record<string, string>,
): Promise<void> {
  await db.insert(outbox).values({ kind, payload });
}

/** The appeal of one suspension, if it has one. */
export async function findAppealOf(db: Db, suspensionId: string): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.suspensionId, suspensionId))
    .limit(1);
  return row;
}

export async function findAppealsOf(db: Db, suspensionIds: string[]): Promise<TicketRow[]> {
  if (suspensionIds.length === 0) return [];
  return db.select().from(supportTickets).where(inArray(supportTickets.suspensionId, suspensionIds));
}

export async function findTicketsOf(db: Db, userId: string): Promise<TicketRow[]> {
  return db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id));
}

/** A ticket by its six-digit number, of one user or (without userId) of anyone. */
export async function findTicket(db: Db, ticketId: string, userId?: string): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.ticketId, ticketId), userId ? eq(supportTickets.userId, userId) : undefined))
    .limit(1);
  return row;
}

/** Open tickets newest first, closed ones by latest decision, 500 of each, and how many in all. */
export async function findAllTickets(db: Db) {
  const [pending, history, [count]] = await Promise.all([
    db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.status, "open"))
      .orderBy(desc(supportTickets.createdAt))
      .limit(500),
    db
      .select()
      .from(supportTickets)
      .where(ne(supportTickets.status, "open"))
      .orderBy(desc(supportTickets.resolvedAt))
      .limit(500),
    db.select({ total: sql<number>`count(*)::int` }).from(supportTickets),
  ]);
  return { pending, history, total: count?.total ?? 0 };
}

/** Open tickets of one purpose, oldest first (the moderation queue shows the Safety Concerns ones). */
export async function findOpenTicketsOfPurpose(db: Db, purpose: string): Promise<TicketRow[]> {
  return db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.status, "open"), eq(supportTickets.purpose, purpose)))
    .orderBy(asc(supportTickets.createdAt))
    .limit(100);
}

/** Where the copies of these tickets to the form service stand. */
export async function findMirrorStates(db: Db, kind: string, ticketIds: string[]) {
  return db
    .select({
      ticketId: sql<string>`${outbox.payload}->>'ticketId'`,
      sentAt: outbox.sentAt,
      failedAt: outbox.failedAt,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
    })
    .from(outbox)
    .where(and(eq(outbox.kind, kind), inArray(sql`${outbox.payload}->>'ticketId'`, ticketIds)));
}

/** The current name, email, mobile and college of the tickets' authors. */
export async function findAuthors(db: Db, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      mobile: users.mobile,
      college: users.college,
    })
    .from(users)
    .where(inArray(users.id, userIds));
}

/** Closes an open ticket; undefined when it is not open (closed already, or missing). */
export async function closeTicket(
  db: Db,
  ticketId: string,
  status: "resolved" | "rejected",
): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(supportTickets)
    .set({ status, resolvedAt: new Date(), resolvedBy: "admin" })
    .where(and(eq(supportTickets.ticketId, ticketId), eq(supportTickets.status, "open")))
    .returning();
  return row;
}
