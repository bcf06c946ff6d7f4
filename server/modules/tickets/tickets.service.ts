import { randomInt } from "node:crypto";
import { type CreateTicketBody, TICKET_MESSAGES, type Ticket } from "@shared/api/tickets";
import { and, desc, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { outbox, supportTickets, type UserRow } from "../../db/schema";
import type { OutboxRow } from "../../jobs/outbox";
import { AppError } from "../../lib/app-error";
import { asSpreadsheetText } from "../../lib/spreadsheet-cell";
import { countAttempt } from "../../plugins/rate-limit-rules";

export const TICKET_MIRROR_KIND = "ticket-mirror";
const ID_ATTEMPTS = 30;

type TicketRow = typeof supportTickets.$inferSelect;

export function toTicketDto(row: TicketRow): Ticket {
  return {
    id: row.id,
    ticketId: row.ticketId,
    userId: row.userId ?? "",
    userName: row.userName,
    userEmail: row.userEmail,
    userCollege: row.userCollege,
    purpose: row.purpose,
    description: row.description,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
  };
}

/** A random six-digit ticket number, 100000 to 999999. */
export function randomTicketId(): string {
  return String(randomInt(100_000, 1_000_000));
}

/**
 * Stores the ticket under a fresh random ID (the unique index settles collisions: another number
 * is drawn) and, in the same transaction, the copy for the form service. The user's submission
 * succeeds once the ticket is stored; the copy is the outbox worker's job.
 */
export async function createTicket(ctx: AppContext, user: UserRow, body: CreateTicketBody): Promise<Ticket> {
  await countAttempt(ctx, "supportTicket", user.id);
  for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
    const row = await ctx.db.transaction(async (tx) => {
      const [ticket] = await tx
        .insert(supportTickets)
        .values({
          ticketId: randomTicketId(),
          userId: user.id,
          userName: user.name,
          userEmail: user.email,
          userCollege: user.college,
          purpose: body.purpose,
          description: body.description.trim(),
        })
        .onConflictDoNothing({ target: supportTickets.ticketId })
        .returning();
      if (!ticket) return undefined;
      if (ctx.config.FORM_MIRROR_URL) {
        await tx.insert(outbox).values({
          kind: TICKET_MIRROR_KIND,
          payload: {
            ticketId: ticket.ticketId,
            name: ticket.userName,
            email: ticket.userEmail,
            college: ticket.userCollege,
            purpose: ticket.purpose,
            description: ticket.description,
            userId: user.id,
          },
        });
      }
      return ticket;
    });
    if (row) {
      if (ctx.config.FORM_MIRROR_URL) void ctx.outbox.kick();
      return toTicketDto(row);
    }
  }
  throw new AppError("conflict", TICKET_MESSAGES.failed);
}

export async function listOwnTickets(ctx: AppContext, user: UserRow): Promise<Ticket[]> {
  const rows = await ctx.db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, user.id))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id));
  return rows.map(toTicketDto);
}

export async function getOwnTicket(ctx: AppContext, user: UserRow, ticketId: string): Promise<Ticket> {
  const [row] = await ctx.db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.ticketId, ticketId), eq(supportTickets.userId, user.id)))
    .limit(1);
  // Someone else's ticket answers exactly like a missing one.
  if (!row) throw new AppError("not_found", TICKET_MESSAGES.notFound);
  return toTicketDto(row);
}

/**
 * Posts a ticket copy as multipart form data; anything but a 2xx answer is a failure to retry.
 * Every field is written as spreadsheet text: the form service's answers end up in a sheet.
 */
export function createTicketMirrorSender(url: string, timeoutMs: number) {
  return async (row: OutboxRow): Promise<void> => {
    const form = new FormData();
    for (const field of ["ticketId", "name", "email", "college", "purpose", "description", "userId"]) {
      form.append(field, asSpreadsheetText(String(row.payload[field] ?? "")));
    }
    const response = await fetch(url, {
      method: "POST",
      body: form,
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`form service answered ${response.status}`);
  };
}
