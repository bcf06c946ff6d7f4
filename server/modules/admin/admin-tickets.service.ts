import { ADMIN_MESSAGES, type AdminTicket } from "@shared/api/admin";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { outbox, supportTickets, type UserRow, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { transactionWithEvents } from "../../realtime/transaction";
import { TICKET_MIRROR_KIND, toTicketDto } from "../tickets/tickets.service";
import { recordAudit } from "./audit";

type TicketRow = typeof supportTickets.$inferSelect;

/** Adds the user's current details and the state of the copy sent to the form service. */
async function withDetails(ctx: AppContext, rows: TicketRow[]): Promise<AdminTicket[]> {
  if (rows.length === 0) return [];
  const ticketIds = rows.map((row) => row.ticketId);
  const userIds = [...new Set(rows.map((row) => row.userId).filter((id): id is string => id !== null))];
  const [copies, people] = await Promise.all([
    ctx.db
      .select({
        ticketId: sql<string>`${outbox.payload}->>'ticketId'`,
        sentAt: outbox.sentAt,
        failedAt: outbox.failedAt,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
      })
      .from(outbox)
      .where(
        and(eq(outbox.kind, TICKET_MIRROR_KIND), inArray(sql`${outbox.payload}->>'ticketId'`, ticketIds)),
      ),
    userIds.length > 0
      ? ctx.db
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            mobile: users.mobile,
            college: users.college,
          })
          .from(users)
          .where(inArray(users.id, userIds))
      : Promise.resolve([]),
  ]);
  const copyOf = new Map(copies.map((copy) => [copy.ticketId, copy]));
  const personOf = new Map(people.map((person) => [person.id, person]));
  return rows.map((row) => {
    const copy = copyOf.get(row.ticketId);
    const person = row.userId ? personOf.get(row.userId) : undefined;
    return {
      ...toTicketDto(row),
      mirror: {
        state: !copy ? "off" : copy.sentAt ? "sent" : copy.failedAt ? "failed" : "pending",
        attempts: copy?.attempts ?? 0,
        lastError: copy?.lastError ?? null,
      },
      user: person
        ? { name: person.name, email: person.email, mobile: person.mobile, college: person.college }
        : null,
    };
  });
}

/** Pending (open) tickets and the history of closed ones, newest first. */
export async function listTickets(ctx: AppContext) {
  const [pending, history, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.status, "open"))
      .orderBy(desc(supportTickets.createdAt))
      .limit(500),
    ctx.db
      .select()
      .from(supportTickets)
      .where(ne(supportTickets.status, "open"))
      .orderBy(desc(supportTickets.resolvedAt))
      .limit(500),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(supportTickets),
  ]);
  return {
    pending: await withDetails(ctx, pending),
    history: await withDetails(ctx, history),
    total: count?.total ?? 0,
  };
}

export async function findTicket(ctx: AppContext, ticketId: string): Promise<AdminTicket> {
  const [row] = await ctx.db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.ticketId, ticketId))
    .limit(1);
  if (!row) throw new AppError("not_found", ADMIN_MESSAGES.ticketNotFound);
  const [ticket] = await withDetails(ctx, [row]);
  if (!ticket) throw new AppError("not_found", ADMIN_MESSAGES.ticketNotFound);
  return ticket;
}

/** Resolves or rejects an open ticket; both are final. The ticket's owner sees it live. */
export async function setTicketStatus(
  ctx: AppContext,
  admin: UserRow,
  ticketId: string,
  status: "resolved" | "rejected",
): Promise<AdminTicket> {
  await transactionWithEvents(ctx, async (tx, emit) => {
    const [row] = await tx
      .update(supportTickets)
      .set({ status, resolvedAt: new Date(), resolvedBy: "admin" })
      .where(and(eq(supportTickets.ticketId, ticketId), eq(supportTickets.status, "open")))
      .returning();
    if (!row) {
      const [existing] = await tx
        .select({ id: supportTickets.id })
        .from(supportTickets)
        .where(eq(supportTickets.ticketId, ticketId));
      throw existing
        ? new AppError("conflict", ADMIN_MESSAGES.ticketFinal)
        : new AppError("not_found", ADMIN_MESSAGES.ticketNotFound);
    }
    if (row.userId)
      emit({ userId: row.userId, event: { type: "ticket.updated", data: { ticketId, status } } });
    await recordAudit(tx, admin, `ticket.${status}`, { type: "ticket", id: ticketId });
  });
  return findTicket(ctx, ticketId);
}
