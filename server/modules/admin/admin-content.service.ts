import { ADMIN_MESSAGES } from "@shared/api/admin";
import type { CreateEventBody } from "@shared/api/events";
import { ADMIN_RECRUITMENT_PAGE_SIZE } from "@shared/api/recruitment";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { colleges, events, items, recruitmentPosts, type UserRow, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { transactionWithEvents } from "../../realtime/transaction";
import { createEvent, deleteEvent, toEventDto } from "../events/events.service";
import { toItemDto } from "../items/items.mapper";
import { itemWithSeller } from "../items/items.repository";
import { addNotification } from "../notifications/notifications.service";
import { findPostsPage } from "../recruitment/recruitment.service";
import { releaseImage } from "../uploads/uploads.service";
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

/** All active posts of the marketplace, newest first. */
export async function listActiveItems(ctx: AppContext, page: number, pageSize = 50) {
  const where = and(eq(items.isActive, true), isNull(users.deletedAt));
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select(itemWithSeller)
      .from(items)
      .innerJoin(users, eq(users.id, items.sellerId))
      .where(where)
      .orderBy(desc(items.createdAt), desc(items.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(items)
      .innerJoin(users, eq(users.id, items.sellerId))
      .where(where),
  ]);
  return { items: rows.map(toItemDto), total: count?.total ?? 0 };
}

/** Removes a post for breaking the rules and tells its seller, in one transaction. */
export async function adminDeleteItem(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  const item = await transactionWithEvents(ctx, async (tx, emit) => {
    const [item] = await tx.delete(items).where(eq(items.id, id)).returning();
    if (!item) throw new AppError("not_found", "Item not found");
    await addNotification(tx, emit, {
      userId: item.sellerId,
      type: "admin",
      text: ADMIN_MESSAGES.postRemovedNotice(item.productName),
      itemId: item.id,
    });
    await recordAudit(
      tx,
      admin,
      "item.delete",
      { type: "item", id },
      { productName: item.productName, sellerId: item.sellerId },
    );
    return item;
  });
  await releaseImage(ctx, "images", item.productImage);
}

/** A page of every active recruitment post, newest first, and how many there are. */
export async function listRecruitment(ctx: AppContext, page: number) {
  const { posts, total } = await findPostsPage(
    ctx,
    { sort: "newest" },
    { page, pageSize: ADMIN_RECRUITMENT_PAGE_SIZE },
  );
  return { posts, total };
}

export async function adminDeleteRecruitment(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  await transactionWithEvents(ctx, async (tx, emit) => {
    const [post] = await tx.delete(recruitmentPosts).where(eq(recruitmentPosts.id, id)).returning();
    if (!post) throw new AppError("not_found", "Recruitment post not found.");
    await addNotification(tx, emit, {
      userId: post.recruiterId,
      type: "admin",
      text: ADMIN_MESSAGES.recruitmentRemovedNotice(post.purpose),
      recruitmentPostId: post.id,
    });
    await recordAudit(
      tx,
      admin,
      "recruitment.delete",
      { type: "recruitment_post", id },
      { purpose: post.purpose },
    );
  });
  await ctx.bus.publish({ kind: "broadcast", topic: "recruitment.changed" });
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
