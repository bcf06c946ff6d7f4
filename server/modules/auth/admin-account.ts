import { randomBytes } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { hashPassword } from "../../lib/passwords";
import { deleteSessionsOfUser, findUserByEmail } from "./auth.repository";

/**
 * Makes the ADMIN_EMAIL account the one administrator. ADMIN_PASSWORD, when given, becomes its
 * password; a new account without one gets a random password, printed once.
 */
export async function ensureAdminAccount(ctx: Pick<AppContext, "db" | "config">): Promise<void> {
  const email = ctx.config.ADMIN_EMAIL;
  const password = ctx.config.ADMIN_PASSWORD || undefined;
  const existing = await findUserByEmail(ctx.db, email);
  await ctx.db.transaction(async (tx) => {
    // Only one administrator: a previous one (ADMIN_EMAIL changed) becomes a student.
    await tx
      .update(users)
      .set({ role: "student" })
      .where(and(eq(users.role, "admin"), ne(users.email, email)));
    if (existing) {
      // A student promoted here keeps no session: an administrator's session starts after both steps.
      if (existing.role !== "admin") await deleteSessionsOfUser(tx, existing.id);
      await tx
        .update(users)
        .set({
          role: "admin",
          deletedAt: null,
          ...(password ? { passwordHash: await hashPassword(password) } : {}),
        })
        .where(eq(users.id, existing.id));
      return;
    }
    const initialPassword = password ?? randomBytes(12).toString("base64url");
    await tx.insert(users).values({
      name: "Administrator",
      email,
      passwordHash: await hashPassword(initialPassword),
      role: "admin",
      emailVerified: true,
    });
    if (!password) {
      // Printed once, on the console only: it is not kept anywhere else.
      process.stdout.write(
        `\nAdministrator account created: ${email}\nPassword (shown once): ${initialPassword}\nSet ADMIN_PASSWORD to choose your own.\n\n`,
      );
    }
  });
}
