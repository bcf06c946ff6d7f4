import type { AuditEntry } from "@shared/api/admin";
import type * as repo from "./audit.repository";

type PageEntry = Awaited<ReturnType<typeof repo.findAuditPage>>["entries"][number];
type Person = Awaited<ReturnType<typeof repo.findAuditPeople>>[number];
type ReportLine = Awaited<ReturnType<typeof repo.findAuditReports>>[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LISTING_TYPES = new Set(["listing", "item"]);

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value : null;
}

/** The person an entry is about: named in its details, or its target when that is a user. */
export function personIdOf(entry: Pick<PageEntry, "targetType" | "targetId" | "details">): string | null {
  const id =
    text(entry.details.userId) ??
    text(entry.details.sellerId) ??
    (entry.targetType === "user" ? entry.targetId : null);
  return id && UUID.test(id) ? id : null;
}

export function listingIdOf(entry: Pick<PageEntry, "targetType" | "targetId">): string | null {
  return LISTING_TYPES.has(entry.targetType) && UUID.test(entry.targetId) ? entry.targetId : null;
}

export function reportIdsOf(entry: Pick<PageEntry, "details">): string[] {
  const ids = entry.details.reportIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string" && UUID.test(id)) : [];
}

/** An audit entry as the Audit Log shows it: readable target, the reason, the reports it closed. */
export function toAuditEntry(
  entry: PageEntry,
  people: Map<string, Person>,
  listings: Map<string, string>,
  reportsById: Map<string, ReportLine>,
): AuditEntry {
  const personId = personIdOf(entry);
  const person = personId ? people.get(personId) : undefined;
  // A deleted account's entry kept its name and address when it was written.
  const kept =
    text(entry.details.name) && text(entry.details.email)
      ? { name: String(entry.details.name), email: String(entry.details.email) }
      : null;
  const reports = reportIdsOf(entry)
    .map((id) => reportsById.get(id))
    .filter((line): line is ReportLine => line !== undefined);
  const listingId = listingIdOf(entry);
  const listingName =
    text(entry.details.productName) ??
    (listingId ? listings.get(listingId) : undefined) ??
    (LISTING_TYPES.has(entry.targetType)
      ? (reports.find((line) => line.listingName)?.listingName ?? null)
      : null);
  return {
    ...entry,
    person: person ? { name: person.name, email: person.email } : entry.targetType === "user" ? kept : null,
    listingName,
    reason: entry.action.startsWith("moderation.") ? (text(entry.details.reason) ?? null) : null,
    reports: reports.map((line) => ({
      id: line.id,
      reason: line.reason,
      details: line.details,
      reporterName: line.reporterName,
      createdAt: line.createdAt.toISOString(),
    })),
  };
}
