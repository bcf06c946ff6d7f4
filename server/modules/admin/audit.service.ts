import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import * as repo from "./audit.repository";

/**
 * Writes one line of the audit log, inside the action's own transaction where it has one. The
 * modules whose moderator actions are audited call this entry, never the audit repository.
 */
export function recordAudit(
  db: Db,
  actor: UserRow,
  action: string,
  target: { type: string; id: string },
  details: Record<string, unknown> = {},
): Promise<void> {
  return repo.recordAudit(db, actor, action, target, details);
}
