import { CAMPUS_TIME_ZONE } from "@shared/constants";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { enqueueMail, type QueuedMail } from "../../jobs/outbox-mail";
import { MAIL_SUBJECTS } from "../../plugins/mail";
import { expireResetLinks } from "./auth.repository";

/** How the password was changed, in the words of the mail. */
export type PasswordChangeWay = "settings" | "reset";

const WHEN_FORMAT = new Intl.DateTimeFormat("en-IN", {
  timeZone: CAMPUS_TIME_ZONE,
  dateStyle: "long",
  timeStyle: "short",
});

/** The mail after a password change: what changed, when, and what to do if it was not them. */
export function passwordChangedMail(
  ctx: Pick<AppContext, "config">,
  user: Pick<UserRow, "name" | "email">,
  way: PasswordChangeWay,
  at: Date,
): QueuedMail {
  const how =
    way === "reset"
      ? "with a password reset link. Every device signed in to your account was signed out."
      : "in Settings. Every other device signed in to your account was signed out.";
  return {
    to: user.email,
    subject: MAIL_SUBJECTS.passwordChanged,
    text:
      `Hello ${user.name},\n\n` +
      `The password of your Campus Bazaar account (${user.email}) was changed on ${WHEN_FORMAT.format(at)} IST, ${how} ` +
      "Password reset links sent before this change no longer work.\n\n" +
      "If this was you, there is nothing more to do.\n\n" +
      `If this wasn't you, reset your password now at ${ctx.config.publicUrl}/forgot-password ` +
      `and write to ${ctx.config.SUPPORT_EMAIL} so we can help you secure your account.\n`,
  };
}

/**
 * What every password change does besides the change, in its transaction: the user's unused reset
 * links stop working (one mailed before the change must not undo it), and the notice is queued.
 */
export async function recordPasswordChange(
  ctx: Pick<AppContext, "config">,
  tx: Db,
  user: Pick<UserRow, "id" | "name" | "email">,
  way: PasswordChangeWay,
): Promise<void> {
  const now = new Date();
  await expireResetLinks(tx, user.id, now);
  await enqueueMail(tx, passwordChangedMail(ctx, user, way, now));
}
