import { randomInt } from "node:crypto";
import { ADMIN_MESSAGES, type AdminTicket } from "@shared/api/admin";
import { type CreateTicketBody, TICKET_MESSAGES, type Ticket } from "@shared/api/tickets";
import { APPEAL_PURPOSE, SUSPENSION_TEXTS } from "@shared/reports-constants";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import type { OutboxRow } from "../../jobs/outbox";
import { AppError } from "../../lib/app-error";
import { asSpreadsheetText } from "../../lib/spreadsheet-cell";
import { countAttempt } from "../../plugins/rate-limit-rules";
import { transactionWithEvents } from "../../realtime/transaction";
import { recordAudit } from "../admin/audit.service";
import * as repo from "./tickets.repository";

export const TICKET_MIRROR_KIND = "ticket-mirror";
const ID_ATTEMPTS = 30;

export function toTicketDto(row: repo.TicketRow): Ticket {
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

/** Open tickets of one purpose, oldest first, for a moderator's view (the Safety Concerns ones). */
export async function openTicketsOfPurpose(db: Db, purpose: string): Promise<Ticket[]> {
  return (await repo.findOpenTicketsOfPurpose(db, purpose)).map(toTicketDto);
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
  return storeTicket(ctx, user, { purpose: body.purpose, description: body.description });
}

/**
 * A suspended student's appeal: a ticket of purpose 'Appeal' linked to the suspension, one per
 * suspension (a second answers 409). The caller has checked the appeal token and counted the try.
 */
export async function createAppealTicket(
  ctx: AppContext,
  user: UserRow,
  suspensionId: string,
  description: string,
): Promise<Ticket> {
  if (await repo.findAppealOf(ctx.db, suspensionId))
    throw new AppError("conflict", SUSPENSION_TEXTS.duplicate);
  try {
    return await storeTicket(ctx, user, { purpose: APPEAL_PURPOSE, description, suspensionId });
  } catch (error) {
    // Two appeals sent at once: the unique index keeps the first.
    if (isUniqueViolation(error)) throw new AppError("conflict", SUSPENSION_TEXTS.duplicate);
    throw error;
  }
}

/** The appeal tickets of these suspensions, by suspension. */
export async function appealsOf(db: Db, suspensionIds: string[]): Promise<Map<string, Ticket>> {
  const rows = await repo.findAppealsOf(db, suspensionIds);
  return new Map(rows.map((row) => [row.suspensionId ?? "", toTicketDto(row)]));
}

function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== "object" || error === null) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return code === "23505" || isUniqueViolation(cause, depth + 1);
}

async function storeTicket(
  ctx: AppContext,
  user: UserRow,
  values: { purpose: string; description: string; suspensionId?: string },
): Promise<Ticket> {
  for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
    const row = await ctx.db.transaction(async (tx) => {
      const ticket = await repo.insertTicket(tx, {
        ticketId: randomTicketId(),
        userId: user.id,
        userName: user.name,
        userEmail: user.email,
        userCollege: user.college,
        purpose: values.purpose,
        description: values.description.trim(),
        suspensionId: values.suspensionId ?? null,
      });
      if (!ticket) return undefined;
      if (ctx.config.FORM_MIRROR_URL) {
        await repo.queueTicketMirror(tx, TICKET_MIRROR_KIND, {
          ticketId: ticket.ticketId,
          name: ticket.userName,
          email: ticket.userEmail,
          college: ticket.userCollege,
          purpose: ticket.purpose,
          description: ticket.description,
          userId: user.id,
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
  return (await repo.findTicketsOf(ctx.db, user.id)).map(toTicketDto);
}

export async function getOwnTicket(ctx: AppContext, user: UserRow, ticketId: string): Promise<Ticket> {
  const row = await repo.findTicket(ctx.db, ticketId, user.id);
  // Someone else's ticket answers exactly like a missing one.
  if (!row) throw new AppError("not_found", TICKET_MESSAGES.notFound);
  return toTicketDto(row);
}

/** Only the administrator sees every ticket and decides on them. */
export function canManageTickets(viewer: Pick<UserRow, "role">): boolean {
  return viewer.role === "admin";
}

function assertManager(viewer: UserRow): void {
  if (!canManageTickets(viewer)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
}

/** Adds the user's current details and the state of the copy sent to the form service. */
async function withDetails(ctx: AppContext, rows: repo.TicketRow[]): Promise<AdminTicket[]> {
  if (rows.length === 0) return [];
  const ticketIds = rows.map((row) => row.ticketId);
  const userIds = [...new Set(rows.map((row) => row.userId).filter((id): id is string => id !== null))];
  const [copies, people] = await Promise.all([
    repo.findMirrorStates(ctx.db, TICKET_MIRROR_KIND, ticketIds),
    repo.findAuthors(ctx.db, userIds),
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

/** Pending (open) tickets and the history of closed ones, newest first (the admin panel). */
export async function listAllTickets(ctx: AppContext, admin: UserRow) {
  assertManager(admin);
  const { pending, history, total } = await repo.findAllTickets(ctx.db);
  // One look-up of the authors and copies for both lists.
  const detailed = await withDetails(ctx, [...pending, ...history]);
  return { pending: detailed.slice(0, pending.length), history: detailed.slice(pending.length), total };
}

/** Any ticket with its author's details and its copy's state (the admin panel). */
export async function findAnyTicket(ctx: AppContext, admin: UserRow, ticketId: string): Promise<AdminTicket> {
  assertManager(admin);
  const row = await repo.findTicket(ctx.db, ticketId);
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
  assertManager(admin);
  await transactionWithEvents(ctx, async (tx, emit) => {
    const row = await repo.closeTicket(tx, ticketId, status);
    if (!row) {
      throw (await repo.findTicket(tx, ticketId))
        ? new AppError("conflict", ADMIN_MESSAGES.ticketFinal)
        : new AppError("not_found", ADMIN_MESSAGES.ticketNotFound);
    }
    if (row.userId)
      emit({ userId: row.userId, event: { type: "ticket.updated", data: { ticketId, status } } });
    await recordAudit(tx, admin, `ticket.${status}`, { type: "ticket", id: ticketId });
  });
  return findAnyTicket(ctx, admin, ticketId);
}

/**
 * Posts a ticket copy as multipart form data; anything but a 2xx answer is a failure to retry.
 * Every field is written as spreadsheet text: the form service's answers end up in a sheet.
 */
export function createTicketMirrorSender(url: string) {
  return async (row: OutboxRow, signal: AbortSignal): Promise<void> => {
    const form = new FormData();
    for (const field of ["ticketId", "name", "email", "college", "purpose", "description", "userId"]) {
      form.append(field, asSpreadsheetText(String(row.payload[field] ?? "")));
    }
    const response = await fetch(url, {
      method: "POST",
      body: form,
      headers: { Accept: "application/json" },
      signal,
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`form service answered ${response.status}`);
  };
}
