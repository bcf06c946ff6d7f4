import { ADMIN_MESSAGES } from "@shared/api/admin";
import {
  type CampusEvent,
  type CreateEventBody,
  EVENT_MESSAGES,
  type EventInterestResponse,
} from "@shared/api/events";
import type { PublicEvent } from "@shared/api/public-events";
import { eventEnd } from "@shared/events-calendar";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { recordAudit } from "../admin/audit.service";
import { canManageEvents } from "./events.policy";
import * as repo from "./events.repository";

export type { EventFilters } from "./events.repository";

const NO_COUNTS = { interestedCount: 0, isInterested: false, teamsCount: 0 };

export function toEventDto(
  row: repo.EventRow,
  counts: Omit<repo.EventWithCounts, "event"> = NO_COUNTS,
  now = Date.now(),
): CampusEvent {
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
    interestedCount: counts.interestedCount,
    isInterested: counts.isInterested,
    teamsCount: counts.teamsCount,
    // Ended once its two hours are over: an event that began an hour ago is still on.
    hasEnded: eventEnd(row).getTime() < now,
  };
}

function assertManager(viewer: UserRow): void {
  if (!canManageEvents(viewer)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
}

async function announce(ctx: AppContext): Promise<void> {
  await ctx.bus.publish({ kind: "broadcast", topic: "events.changed" });
}

/**
 * Events filtered in the database, those to come soonest first (the viewer's college's first) and
 * then those begun, latest first; 'upcoming' hides those already begun.
 */
export async function listEvents(
  ctx: AppContext,
  viewer: Pick<UserRow, "id" | "college">,
  filters: repo.EventFilters,
): Promise<CampusEvent[]> {
  const now = Date.now();
  return (await repo.findEventsFor(ctx.db, viewer, filters)).map(({ event, ...counts }) =>
    toEventDto(event, counts, now),
  );
}

/**
 * What anyone may read of an event (its public page and its link preview): the poster's words and
 * the interested count, never who is interested. Not found for an unknown id.
 */
export async function publicEvent(ctx: Pick<AppContext, "db">, id: string): Promise<PublicEvent> {
  const found = await repo.findEventWithInterest(ctx.db, id);
  if (!found) throw new AppError("not_found", EVENT_MESSAGES.notFound);
  const { event } = found;
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    organizer: event.organizer,
    venue: event.venue,
    college: event.college,
    city: event.city,
    date: event.date,
    time: event.time,
    image: event.image,
    registrationUrl: event.registrationUrl,
    interestedCount: found.interestedCount,
    hasEnded: eventEnd(event).getTime() < Date.now(),
  };
}

export async function loadEvent(ctx: AppContext, id: string): Promise<repo.EventRow> {
  const row = await repo.findEvent(ctx.db, id);
  if (!row) throw new AppError("not_found", EVENT_MESSAGES.notFound);
  return row;
}

/** Sets or clears the viewer's 'Interested'; setting twice counts once. */
export async function setInterest(
  ctx: AppContext,
  viewer: Pick<UserRow, "id">,
  id: string,
  isInterested: boolean,
): Promise<EventInterestResponse> {
  await loadEvent(ctx, id);
  const interestedCount = await repo.setInterest(ctx.db, id, viewer.id, isInterested);
  return { interestedCount, isInterested };
}

/** Every event, past ones too (the admin panel's list). */
export async function listAllEvents(ctx: AppContext, admin: UserRow): Promise<CampusEvent[]> {
  assertManager(admin);
  return (await repo.findAllEvents(ctx.db)).map((row) => toEventDto(row));
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
