import type { AdminTicket, AuditEntry } from "@shared/api/admin";

/** Where the copy of a ticket sent to the form service stands, in words. */
export function describeMirror(mirror: AdminTicket["mirror"]): string {
  switch (mirror.state) {
    case "sent":
      return "Sent";
    case "pending":
      return mirror.attempts > 0 ? `Pending (retrying, ${mirror.attempts} attempts so far)` : "Pending";
    case "failed": {
      const attempts = mirror.attempts === 1 ? "1 attempt" : `${mirror.attempts} attempts`;
      return `Failed after ${attempts}${mirror.lastError ? `: ${mirror.lastError}` : ""}`;
    }
    case "off":
      return "Off (no form service configured)";
  }
}

/** A six-digit ticket ID, 100000 to 999999, as the server issues them. */
export function isTicketIdShaped(value: string): boolean {
  return /^\d{6}$/.test(value);
}

const AUDIT_ACTIONS: Record<string, string> = {
  "event.create": "Posted event",
  "event.delete": "Deleted event",
  "event.edit": "Edited event",
  "event.cancel": "Cancelled event",
  "user.organiser": "Made organiser",
  "user.organiser_revoke": "Revoked organiser",
  "item.delete": "Deleted marketplace post",
  "recruitment.delete": "Deleted recruitment post",
  "college.add": "Added college",
  "college.delete": "Deleted college",
  "college.alias.add": "Added college short name",
  "college.alias.remove": "Removed college short name",
  "college.request.add": "Added a requested college",
  "college.request.merge": "Merged a college request",
  "college.request.file": "Asked for a college (from Settings)",
  "user.edit": "Edited user",
  "user.delete": "Deleted user",
  "ticket.resolved": "Resolved ticket",
  "ticket.rejected": "Rejected ticket",
  "moderation.dismiss": "Dismissed reports",
  "moderation.remove": "Removed reported content",
  "moderation.warn": "Warned user",
  "moderation.suspend": "Suspended user",
  "moderation.lift": "Lifted suspension",
  "rating.delete": "Removed review",
  "admin.sign_in": "Administrator signed in",
  "second_factor.setup": "Set up two-step sign-in",
  "second_factor.recovery_code": "Used a recovery code",
  "second_factor.failed": "Wrong two-step sign-in code",
  "second_factor.reset": "Reset two-step sign-in",
};

/** 'event.create' -> 'Posted event'; an action this list does not know reads as stored. */
export function describeAuditAction(action: string): string {
  return AUDIT_ACTIONS[action] ?? action;
}

/** The record an audit entry is about, by the name it had then where the entry kept one. */
export function describeAuditTarget(entry: {
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
}): string {
  const { details } = entry;
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : null);
  const before = typeof details.before === "object" && details.before !== null ? details.before : {};
  const name =
    text(details.title) ??
    text(details.productName) ??
    text(details.purpose) ??
    (text(details.name) && text(details.city) ? `${details.name}, ${details.city}` : null) ??
    text(details.name) ??
    text((before as Record<string, unknown>).name);
  if (entry.targetType === "ticket") return `Ticket #${entry.targetId}`;
  return name ?? `${entry.targetType.replace(/_/g, " ")} ${entry.targetId}`;
}

/**
 * An audit entry's target as the log shows it: the listing's name, the person's name (with the
 * e-mail beside it, from the server), or the record's own name.
 */
export function auditTargetLabel(entry: AuditEntry): string {
  if (entry.listingName) return entry.listingName;
  if (entry.targetType === "user" && entry.person) return entry.person.name;
  return describeAuditTarget(entry);
}
