import type { DeviceSession } from "@shared/api/sessions";
import { SESSIONS_MESSAGES } from "@shared/validation/sessions";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError, notSignedIn } from "../../lib/app-error";
import { recordSessionsEnded, sessionIdleMs } from "../../plugins/auth";
import { countAttempt } from "../../plugins/rate-limit-rules";
import { toDeviceSessionDto } from "./sessions.mapper";
import * as repo from "./sessions.repository";

async function countSignOut(ctx: AppContext, user: UserRow): Promise<void> {
  await countAttempt(ctx, "signOut", user.id);
}

/** Where the user is signed in: the current session first, then the most recently used. */
export async function listSessions(
  ctx: AppContext,
  user: UserRow,
  currentSessionId: string | null,
): Promise<DeviceSession[]> {
  const idleSince = new Date(Date.now() - sessionIdleMs(ctx.config.SESSION_IDLE_DAYS));
  const rows = await repo.findLiveSessions(ctx.db, user.id, idleSince);
  return rows
    .map((row) => toDeviceSessionDto(row, currentSessionId))
    .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
}

/** Ends one of the user's other sessions; its live sockets close on every instance. */
export async function endSession(
  ctx: AppContext,
  user: UserRow,
  currentSessionId: string | null,
  publicId: string,
): Promise<void> {
  if (!currentSessionId) throw notSignedIn();
  await countSignOut(ctx, user);
  const session = await repo.findOwnSession(ctx.db, user.id, publicId);
  if (!session) throw new AppError("not_found", SESSIONS_MESSAGES.notFound);
  if (session.id === currentSessionId) throw new AppError("invalid_input", SESSIONS_MESSAGES.isCurrent);
  const ended = await repo.deleteSession(ctx.db, session.id);
  await recordSessionsEnded(ctx.db, ended, "ended-elsewhere");
  if (ended.length > 0)
    await ctx.bus.publish({ kind: "sessions-ended", sessions: ended, why: "ended-elsewhere" });
}

/** Ends every session of the user but the current one; returns how many ended. */
export async function endOtherSessions(
  ctx: AppContext,
  user: UserRow,
  currentSessionId: string | null,
): Promise<number> {
  if (!currentSessionId) throw notSignedIn();
  await countSignOut(ctx, user);
  const ended = await repo.deleteOtherSessions(ctx.db, user.id, currentSessionId);
  await recordSessionsEnded(ctx.db, ended, "ended-elsewhere");
  if (ended.length > 0)
    await ctx.bus.publish({ kind: "sessions-ended", sessions: ended, why: "ended-elsewhere" });
  return ended.length;
}
