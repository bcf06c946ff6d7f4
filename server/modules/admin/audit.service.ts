import * as repo from "./audit.repository";

/**
 * Writes one line of the audit log, inside the action's own transaction where it has one. The
 * modules whose moderator actions are audited call this entry, never the audit repository.
 */
export const recordAudit: typeof repo.recordAudit = (db, actor, action, target, details) =>
  repo.recordAudit(db, actor, action, target, details);
