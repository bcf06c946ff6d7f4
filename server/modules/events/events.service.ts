import { ADMIN_MESSAGES } from "@shared/api/admin";
import {
  type CampusEvent,
  type CreateEventBody,
  EVENT_MESSAGES,
  type EventInterestResponse,
} from "@shared/api/events";
import type { PublicEvent } from "@shared/api/public-events";
import { EVENT_DEFAULT_HOURS, EVENT_TEXTS, shortDateTime } from "@shared/event-texts";
import { eventEnd, eventPath, eventStart, indiaWallTime } from "@shared/events-calendar";
import { publicEventPath } from "@shared/events-constants";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { enqueueMail } from "../../jobs/outbox-mail";
import { AppError } from "../../lib/app-error";
import { MAIL_SUBJECTS } from "../../plugins/mail";
import { transactionWithEvents } from "../../realtime/transaction";
import { recordAudit } from "../admin/audit.service";
import { collegeById, collegeOfStudent } from "../colleges/colleges.service";
import { addNotification } from "../notifications/notifications.service";
import { unlinkCancelledEvent } from "../recruitment/recruitment.service";
import { eventIcs } from "./events.calendar";
import { canManageEventOf, canManageEvents, organisedCollege } from "./events.policy";
import * as repo from "./events.repository";

type Viewer = Pick<UserRow, "id" | "role" | "college" | "city" | "organiserCollege">;

export type { EventFilters } from "./events.repository";

const NO_COUNTS = { interestedCount: 0, isInterested: false, teamsCount: 0 };

/** 'Registration closes' as the form and the card write it: YYYY-MM-DDTHH:MM, India time. */
function closesText(at: Date | null): string | null {
  if (!at) return null;
  const { date, time } = indiaWallTime(at);
  return `${date}T${time}`;
}

export function toEventDto(
  row: repo.EventRow,
  counts: Omit<repo.EventWithCounts, "event"> = NO_COUNTS,
  now = Date.now(),
  viewer?: Viewer,
): CampusEvent {
  const end = indiaWallTime(eventEnd(row));
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
    // Ended once its end has passed: an event that began an hour ago may well be on.
    hasEnded: eventEnd(row).getTime() < now,
    endDate: end.date,
    endTime: end.time,
    registrationCloses: closesText(row.registrationClosesAt),
    isCancelled: row.cancelledAt !== null,
    cancelReason: row.cancelReason,
    canManage: viewer ? canManageEventOf(viewer, row.college) : false,
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
 * then those begun, latest first; 'upcoming' hides those already begun. With them, the college the
 * viewer organises events for, and their college's calendar feed.
 */
export async function listEvents(ctx: AppContext, viewer: Viewer, filters: repo.EventFilters) {
  const now = Date.now();
  const [rows, college] = await Promise.all([
    repo.findEventsFor(ctx.db, viewer, filters),
    collegeOfStudent(ctx, viewer),
  ]);
  const organises = organisedCollege(viewer);
  return {
    events: rows.map(({ event, ...counts }) => toEventDto(event, counts, now, viewer)),
    organises: organises ? { college: organises, city: viewer.city } : null,
    feed: college ? { college: college.name, path: collegeFeedPath(college.id) } : null,
  };
}

/** Where a college's calendar feed is: calendar apps subscribe to it as webcal://. */
export const collegeFeedPath = (collegeId: string) => `/api/colleges/${collegeId}/events.ics`;

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
    isCancelled: event.cancelledAt !== null,
    cancelReason: event.cancelledAt === null ? null : event.cancelReason,
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
    ...timesOf(body),
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

/** The start, end and registration deadline from a form, checked against each other. */
function timesOf(body: CreateEventBody) {
  const start = eventStart(body);
  const end =
    body.endDate && body.endTime
      ? { date: body.endDate, time: body.endTime }
      : indiaWallTime(new Date(start.getTime() + EVENT_DEFAULT_HOURS * 60 * 60 * 1000));
  if (eventStart(end).getTime() <= start.getTime())
    throw new AppError("invalid_input", EVENT_MESSAGES.endBeforeStart);
  const closes = body.registrationCloses ? new Date(`${body.registrationCloses}:00+05:30`) : null;
  if (closes && closes.getTime() >= eventStart(end).getTime())
    throw new AppError("invalid_input", EVENT_MESSAGES.registrationAfterEnd);
  return { endDate: end.date, endTime: end.time, registrationClosesAt: closes };
}

function assertOrganiser(viewer: Viewer, college: string): void {
  if (!canManageEventOf(viewer, college)) throw new AppError("forbidden", EVENT_MESSAGES.organiserOnly);
}

/** An organiser's (or the administrator's) event from the Events page, for their college. */
export async function postEvent(
  ctx: AppContext,
  viewer: UserRow,
  body: CreateEventBody,
): Promise<CampusEvent> {
  assertOrganiser(viewer, body.college.trim());
  const times = timesOf(body);
  const row = await repo.insertEvent(ctx.db, {
    title: body.title.trim(),
    organizer: body.organizer.trim(),
    date: body.date,
    time: body.time,
    ...times,
    venue: body.venue.trim(),
    description: body.description.trim(),
    // An organiser's events are in their own city; the administrator names it.
    city: viewer.role === "admin" ? body.city.trim() : viewer.city,
    college: body.college.trim(),
    image: body.image.trim(),
    registrationUrl: body.registrationUrl?.trim() || null,
    createdBy: viewer.id,
  });
  await recordAudit(ctx.db, viewer, "event.create", { type: "event", id: row.id }, { title: row.title });
  await announce(ctx);
  return toEventDto(row, NO_COUNTS, Date.now(), viewer);
}

/**
 * Edits an event. A new time or place is told to everyone interested, once each (the notification,
 * its push through the outbox); reminders already sent for the old time go out again for the new one.
 */
export async function editEvent(
  ctx: AppContext,
  viewer: UserRow,
  id: string,
  body: CreateEventBody,
): Promise<CampusEvent> {
  const current = await loadEvent(ctx, id);
  assertOrganiser(viewer, current.college);
  assertOrganiser(viewer, body.college.trim());
  const times = timesOf(body);
  const row = await transactionWithEvents(ctx, async (tx, emit) => {
    const locked = await repo.lockEvent(tx, id);
    if (!locked) throw new AppError("not_found", EVENT_MESSAGES.notFound);
    if (locked.cancelledAt) throw new AppError("conflict", EVENT_MESSAGES.alreadyCancelled);
    const values = {
      title: body.title.trim(),
      organizer: body.organizer.trim(),
      date: body.date,
      time: body.time,
      ...times,
      venue: body.venue.trim(),
      description: body.description.trim(),
      city: viewer.role === "admin" ? body.city.trim() : locked.city,
      college: body.college.trim(),
      image: body.image.trim(),
      registrationUrl: body.registrationUrl?.trim() || null,
    };
    const updated = await repo.updateEvent(tx, id, values);
    if (!updated) throw new AppError("not_found", EVENT_MESSAGES.notFound);
    const timeMoved =
      locked.date !== updated.date ||
      locked.time !== updated.time ||
      eventEnd(locked).getTime() !== eventEnd(updated).getTime();
    const placeMoved =
      locked.venue !== updated.venue || locked.college !== updated.college || locked.city !== updated.city;
    const startMoved = locked.date !== updated.date || locked.time !== updated.time;
    await repo.clearReminders(tx, id, [
      ...(startMoved ? (["24h", "1h"] as const) : []),
      ...(locked.registrationClosesAt?.getTime() !== updated.registrationClosesAt?.getTime()
        ? (["registration"] as const)
        : []),
    ]);
    if (timeMoved || placeMoved) {
      const text = EVENT_TEXTS.moved(updated.title, shortDateTime(updated.date, updated.time), updated.venue);
      for (const student of await repo.interestedStudents(tx, id)) {
        await addNotification(tx, emit, {
          userId: student.id,
          type: "event_update",
          text,
          link: eventPath(id),
        });
      }
    }
    await recordAudit(tx, viewer, "event.edit", { type: "event", id }, { title: updated.title });
    return updated;
  });
  await announce(ctx);
  return toEventDto(row, NO_COUNTS, Date.now(), viewer);
}

/**
 * 'Cancel Event': the event stays, marked 'Cancelled' with the reason; everyone interested is told
 * by a notification (and its push) and an e-mail carrying the calendar's METHOD:CANCEL, each once
 * through the outbox; its teams lose the link and say so.
 */
export async function cancelEvent(
  ctx: AppContext,
  viewer: UserRow,
  id: string,
  reason: string,
): Promise<CampusEvent> {
  const current = await loadEvent(ctx, id);
  assertOrganiser(viewer, current.college);
  const why = reason.trim();
  const row = await transactionWithEvents(ctx, async (tx, emit) => {
    await repo.lockEvent(tx, id);
    const cancelled = await repo.markCancelled(tx, id, why);
    if (!cancelled) throw new AppError("conflict", EVENT_MESSAGES.alreadyCancelled);
    const text = EVENT_TEXTS.cancelled(cancelled.title, why);
    // The public page: it opens signed out, and signed in it leads to the event's card.
    const link = `${new URL(ctx.config.publicUrl).origin}${publicEventPath(id)}`;
    const calendar = {
      method: "CANCEL" as const,
      content: eventIcs(cancelled, ctx.config.publicUrl, { method: "CANCEL" }),
    };
    for (const student of await repo.interestedStudents(tx, id)) {
      await addNotification(tx, emit, {
        userId: student.id,
        type: "event_update",
        text,
        link: eventPath(id),
      });
      await enqueueMail(tx, {
        to: student.email,
        subject: MAIL_SUBJECTS.eventCancelled,
        text: `Hi ${student.name},\n\n${text}\n\n${link}\n`,
        calendar,
      });
    }
    await unlinkCancelledEvent(tx, id);
    await recordAudit(
      tx,
      viewer,
      "event.cancel",
      { type: "event", id },
      { title: cancelled.title, reason: why },
    );
    return cancelled;
  });
  void ctx.outbox.kick();
  await announce(ctx);
  return toEventDto(row, NO_COUNTS, Date.now(), viewer);
}

/** A college's public calendar feed: its name and events, for calendar apps. */
export async function collegeFeed(ctx: AppContext, collegeId: string) {
  const college = await collegeById(ctx, collegeId);
  if (!college) throw new AppError("not_found", "College not found.");
  return { college: college.name, events: await repo.findFeedEvents(ctx.db, college.name) };
}

export async function deleteEvent(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  assertManager(admin);
  const row = await repo.deleteEvent(ctx.db, id);
  if (!row) throw new AppError("not_found", "Event not found.");
  await announce(ctx);
  await recordAudit(ctx.db, admin, "event.delete", { type: "event", id }, { title: row.title });
}
