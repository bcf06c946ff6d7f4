import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE, type AdminUser } from "@shared/api/admin";
import { CAMPUS_TIME_ZONE } from "@shared/constants";
import { mobileDigits, normaliseEmail } from "@shared/validation/signup";
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { sessions, type UserRow, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { likePattern } from "../../lib/like-pattern";
import { removeUploadsOf } from "../uploads/uploads.service";
import { recordAudit } from "./audit";

function toAdminUser(user: UserRow): AdminUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    city: user.city,
    college: user.college,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString() ?? null,
  };
}

/**
 * Students, newest first: text matches a lower-case substring of name, e-mail or mobile; the date
 * range is inclusive in India's calendar, the end date running to 23:59:59.
 */
export async function listUsers(
  ctx: AppContext,
  query: { search?: string; from?: string; to?: string; page: number },
) {
  const search = query.search?.trim().toLowerCase();
  const joinedOn = sql`(${users.createdAt} at time zone ${CAMPUS_TIME_ZONE})::date`;
  const where = and(
    eq(users.role, "student"),
    isNull(users.deletedAt),
    search
      ? sql`(lower(${users.name}) like ${likePattern(search)} or lower(${users.email}) like ${likePattern(search)} or ${users.mobile} like ${likePattern(search)})`
      : undefined,
    query.from ? sql`${joinedOn} >= ${query.from}::date` : undefined,
    query.to ? sql`${joinedOn} <= ${query.to}::date` : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  const total = count?.total ?? 0;
  return {
    users: rows.map(toAdminUser),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
  };
}

async function findStudent(ctx: AppContext, id: string): Promise<UserRow> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw new AppError("not_found", "User not found");
  return user;
}

export async function editUser(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  body: { name: string; email: string; mobile: string; city: string; college: string },
): Promise<AdminUser> {
  const user = await findStudent(ctx, id);
  // The administrator's own account is kept as ADMIN_EMAIL configures it.
  if (user.role === "admin")
    throw new AppError("invalid_input", "The administrator account cannot be edited here.");
  const email = normaliseEmail(body.email);
  const [clash] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, id)))
    .limit(1);
  if (clash) throw new AppError("conflict", ADMIN_MESSAGES.emailTaken);
  const values = {
    name: body.name.trim(),
    email,
    mobile: mobileDigits(body.mobile),
    city: body.city.trim(),
    college: body.college.trim(),
  };
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    await recordAudit(
      tx,
      admin,
      "user.edit",
      { type: "user", id },
      {
        before: {
          name: user.name,
          email: user.email,
          mobile: user.mobile,
          city: user.city,
          college: user.college,
        },
        after: values,
      },
    );
    return row;
  });
  if (!updated) throw new AppError("not_found", "User not found");
  return toAdminUser(updated);
}

/**
 * Deletes an account: it can no longer sign in, its sessions end and its sockets close at once,
 * and its items leave the marketplace. The row stays (marked deleted) so chats and tickets keep
 * their history; the administrator's own account cannot be deleted.
 */
export async function deleteUser(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  if (id === admin.id) throw new AppError("invalid_input", ADMIN_MESSAGES.cannotDeleteSelf);
  const user = await findStudent(ctx, id);
  if (user.role === "admin") throw new AppError("invalid_input", ADMIN_MESSAGES.cannotDeleteSelf);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, id));
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordAudit(tx, admin, "user.delete", { type: "user", id }, { name: user.name, email: user.email });
  });
  await ctx.bus.publish({ kind: "users-ended", users: [id] });
  // Their photos and item pictures are no longer public.
  await removeUploadsOf(ctx, id);
}
