import { randomBytes } from "node:crypto";
import { ConfigError } from "../../config/env";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import * as repo from "./auth.repository";

/**
 * Why ADMIN_EMAIL cannot simply be given to the account that holds it: a student (or a deleted
 * account) registered that address, and would become the administrator, sessions and all.
 */
function takeoverRefusal(email: string, account: UserRow): ConfigError {
  const whose = account.deletedAt ? "a deleted student account" : "a student account";
  return new ConfigError(
    `Invalid configuration: ADMIN_EMAIL: ${email} belongs to ${whose} (registered ${account.createdAt
      .toISOString()
      .slice(0, 10)}), which would become the administrator. Choose an address nobody registered, ` +
      `or, if that account is yours and should become the administrator, set ADMIN_EMAIL_TAKEOVER=${email}.`,
  );
}

/**
 * Makes the ADMIN_EMAIL account the one administrator. ADMIN_PASSWORD, when given, becomes its
 * password; a new account without one gets a random password, printed once.
 *
 * An existing student or deleted account at that address is promoted only when
 * ADMIN_EMAIL_TAKEOVER names the same address. A session opened as a student never carries the
 * administrator's rights, and one opened with a password that is no longer the password does not
 * outlive the change: a promotion, a demotion and a changed password each end the account's sessions.
 */
export async function ensureAdminAccount(ctx: Pick<AppContext, "db" | "config">): Promise<void> {
  const email = ctx.config.ADMIN_EMAIL;
  const password = ctx.config.ADMIN_PASSWORD || undefined;
  const existing = await repo.findUserByEmail(ctx.db, email);
  const isPromotion = existing !== undefined && (existing.role !== "admin" || existing.deletedAt !== null);
  if (existing && isPromotion && ctx.config.ADMIN_EMAIL_TAKEOVER !== email) {
    throw takeoverRefusal(email, existing);
  }
  // argon2 runs outside the transaction: PGlite's one connection is not held while it hashes.
  const isPasswordChange =
    existing !== undefined &&
    password !== undefined &&
    !(await verifyPassword(existing.passwordHash, password));
  const newHash = isPasswordChange && password ? await hashPassword(password) : undefined;

  await ctx.db.transaction(async (tx) => {
    // Only one administrator: a previous one (ADMIN_EMAIL changed) becomes a student.
    const endSessionsOf = await repo.demoteOtherAdmins(tx, email);
    if (existing) {
      await repo.makeAdmin(tx, existing.id, newHash);
      if (isPromotion || isPasswordChange) endSessionsOf.push(existing.id);
    }
    await repo.deleteSessionsOfUsers(tx, endSessionsOf);
    if (existing) return;

    const initialPassword = password ?? randomBytes(12).toString("base64url");
    await repo.insertUser(tx, {
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
