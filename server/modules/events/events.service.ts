import { ADMIN_MESSAGES } from "@shared/api/admin";
import type { CampusEvent, CreateEventBody } from "@shared/api/events";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { recordAudit } from "../admin/audit.repository";
import { canManageEvents } from "./events.policy";
import * as repo from "./events.repository";

export type { EventFilters } from "./events.repository";

export function toEventDto(row: repo.EventRow): CampusEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    organizer: row.organizer,
    venue: row.venue,
    college: row.college,
    city: row.city,
    date: row.date,
    time: row.time,
    image: row.image,
    registrationUrl: row.registrationUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

function assertManager(viewer: UserRow): void {
  if (!canManageEvents(viewer)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
}

async function announce(ctx: AppContext): Promise<void> {
  await ctx.bus.publish({ kind: "broadcast", topic: "events.changed" });
}

/** Events newest date first, filtered in the database; 'upcoming' hides those already begun. */
export async function listEvents(ctx: AppContext, filters: repo.EventFilters): Promise<CampusEvent[]> {
  return (await repo.findEvents(ctx.db, filters)).map(toEventDto);
}

/** Every event, past ones too (the admin panel's list). */
export async function listAllEvents(ctx: AppContext, admin: UserRow): Promise<CampusEvent[]> {
  assertManager(admin);
  return (await repo.findAllEvents(ctx.db)).map(toEventDto);
}

export async function createEvent(
  ctx: AppContext,
  admin: UserRow,
  body: CreateEventBody,
): Promise<CampusEvent> {
  assertManager(admin);
  const row = await repo.insertEvent(ctx.db, {
    title: body.title.trim(),
    organizer: body.organizer.trim(),
    date: body.date,
    time: body.time,
    venue: body.venue.trim(),
    description: body.description.trim(),
    city: body.city.trim(),
    college: body.college.trim(),
    image: body.image.trim(),
    registrationUrl: body.registrationUrl?.trim() || null,
    createdBy: admin.id,
  });
  await announce(ctx);
  await recordAudit(ctx.db, admin, "event.create", { type: "event", id: row.id }, { title: row.title });
  return toEventDto(row);
}

export async function deleteEvent(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  assertManager(admin);
  const row = await repo.deleteEvent(ctx.db, id);
  if (!row) throw new AppError("not_found", "Event not found.");
  await announce(ctx);
  await recordAudit(ctx.db, admin, "event.delete", { type: "event", id }, { title: row.title });
}
