import { ADMIN_MESSAGES } from "@shared/api/admin";
import type { CreateEventBody } from "@shared/api/events";
import { desc, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { colleges, events, type UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { createEvent, deleteEvent, toEventDto } from "../events/events.service";
import { recordAudit } from "./audit";

export async function listAllEvents(ctx: AppContext) {
  const rows = await ctx.db.select().from(events).orderBy(desc(events.date), desc(events.time)).limit(1000);
  return rows.map(toEventDto);
}

export async function adminCreateEvent(ctx: AppContext, admin: UserRow, body: CreateEventBody) {
  const event = await createEvent(ctx, admin, body);
  await recordAudit(ctx.db, admin, "event.create", { type: "event", id: event.id }, { title: event.title });
  return event;
}

export async function adminDeleteEvent(ctx: AppContext, admin: UserRow, id: string) {
  const event = await deleteEvent(ctx, id);
  await recordAudit(ctx.db, admin, "event.delete", { type: "event", id }, { title: event.title });
}

export async function addCollege(ctx: AppContext, admin: UserRow, rawCity: string, rawCollege: string) {
  const city = rawCity.trim();
  const name = rawCollege.trim();
  if (!city || !name) throw new AppError("invalid_input", ADMIN_MESSAGES.collegeRequired);
  const [row] = await ctx.db.insert(colleges).values({ city, name }).onConflictDoNothing().returning();
  if (!row) throw new AppError("conflict", ADMIN_MESSAGES.collegeExists);
  await recordAudit(ctx.db, admin, "college.add", { type: "college", id: row.id }, { city, name });
  return row;
}

export async function deleteCollege(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  const [row] = await ctx.db.delete(colleges).where(eq(colleges.id, id)).returning();
  if (!row) throw new AppError("not_found", "College not found.");
  await recordAudit(
    ctx.db,
    admin,
    "college.delete",
    { type: "college", id },
    { city: row.city, name: row.name },
  );
}
