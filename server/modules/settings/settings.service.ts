import type { HolidayBody } from "@shared/api/profiles";
import { newNameRefusal } from "@shared/validation/names";
import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { countAttempt } from "../../plugins/rate-limit-rules";
import { recordPasswordChange } from "../auth/auth.service";
import { deleteOtherSessions } from "./sessions.repository";
import * as repo from "./settings.repository";

/** A new name may not pass for the platform (shared/validation/names.ts). */
export function assertMayTakeName(user: UserRow, name: string): void {
  const refusal = newNameRefusal(user.name, name);
  if (refusal) throw new AppError("invalid_input", refusal);
}

/** Saves some of a user's account settings; the updated user, or the 404 of a deleted account. */
export async function saveSettings(
  ctx: AppContext,
  user: UserRow,
  values: Partial<repo.AccountSettings>,
): Promise<UserRow> {
  const updated = await repo.updateSettings(ctx.db, user.id, values);
  if (!updated) throw new AppError("not_found", SETTINGS_MESSAGES.userNotFound);
  return updated;
}

export function updateName(ctx: AppContext, user: UserRow, name: string): Promise<UserRow> {
  assertMayTakeName(user, name);
  return saveSettings(ctx, user, { name: name.trim() });
}

/**
 * Checks the current password, sets the new one, and ends every other session of the user (their
 * sockets close too); the session that made the change stays signed in.
 */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  currentSessionId: string | null,
  body: { currentPassword: string; newPassword: string },
): Promise<void> {
  await countAttempt(ctx, "passwordChange", user.id);
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw new AppError("wrong_password", SETTINGS_MESSAGES.wrongPassword);
  }
  const passwordHash = await hashPassword(body.newPassword);
  const ended = await ctx.db.transaction(async (tx) => {
    await repo.setPasswordHash(tx, user.id, passwordHash);
    await recordPasswordChange(ctx, tx, user, "settings");
    return deleteOtherSessions(tx, user.id, currentSessionId);
  });
  void ctx.outbox.kick();
  if (ended.length > 0) await ctx.bus.publish({ kind: "sessions-ended", sessions: ended });
}

export function setHolidayMode(ctx: AppContext, user: UserRow, body: HolidayBody): Promise<UserRow> {
  if (body.isActive) {
    return saveSettings(ctx, user, {
      holidayActive: true,
      holidayFrom: body.fromDate ?? null,
      holidayTo: body.toDate ?? null,
      holidayActivatedAt: new Date(),
    });
  }
  return saveSettings(ctx, user, {
    holidayActive: false,
    holidayFrom: null,
    holidayTo: null,
    holidayDeactivatedAt: new Date(),
  });
}
