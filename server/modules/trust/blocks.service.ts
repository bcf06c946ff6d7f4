import type { Person } from "@shared/api/profiles";
import { BLOCK_MESSAGES } from "@shared/trust-constants";
import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { transactionWithEvents } from "../../realtime/transaction";
import { findActiveUser } from "../profiles/users.service";
import { canBlockUser } from "./blocks.policy";
import * as repo from "./blocks.repository";

/** Refuses a message between two students when either has blocked the other. */
export async function assertMayMessage(db: Db, senderId: string, recipientId: string): Promise<void> {
  if (await repo.isEitherBlocked(db, senderId, recipientId))
    throw new AppError("forbidden", BLOCK_MESSAGES.cannotMessage);
}

export function isEitherBlocked(db: Db, oneId: string, otherId: string): Promise<boolean> {
  return repo.isEitherBlocked(db, oneId, otherId);
}

export function hasBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  return repo.hasBlocked(db, blockerId, blockedId);
}

async function loadPerson(ctx: AppContext, viewer: UserRow, personId: string): Promise<UserRow> {
  if (!canBlockUser(viewer, { id: personId }))
    throw new AppError("invalid_input", BLOCK_MESSAGES.cannotBlockSelf);
  const person = await findActiveUser(ctx.db, personId);
  if (!person || person.role === "admin") throw new AppError("not_found", SETTINGS_MESSAGES.userNotFound);
  return person;
}

/**
 * Blocks or unblocks a student. Silent: no notification, and nothing live to the blocked student,
 * whose frame would name the blocker (their chat turns read-only when they next send or load it).
 * The blocker's own tabs are told, so an open chat turns read-only (or writable again) at once.
 */
export async function setBlocked(ctx: AppContext, viewer: UserRow, personId: string, isOn: boolean) {
  const person = await loadPerson(ctx, viewer, personId);
  await transactionWithEvents(ctx, async (tx, emit) => {
    const changed = isOn
      ? await repo.insertBlock(tx, viewer.id, person.id)
      : await repo.deleteBlock(tx, viewer.id, person.id);
    if (!changed) return;
    emit({ userId: viewer.id, event: { type: "block.changed", data: { userId: person.id } } });
  });
  return { isBlocked: isOn };
}

export async function listBlocked(ctx: AppContext, viewer: UserRow): Promise<Person[]> {
  return repo.blockedBy(ctx.db, viewer.id);
}
