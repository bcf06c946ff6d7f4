import type { ReportGroup, SuspensionEntry } from "@shared/api/reports";
import type { Ticket } from "@shared/api/tickets";
import { REPORT_TEXTS } from "@shared/reports-constants";
import { isSuspended, type ReportRow, type SuspensionRow, type UserRow } from "../../db/schema";
import type * as repo from "./reports.repository";

type OpenTarget = Awaited<ReturnType<typeof repo.findOpenTargets>>["targets"][number];
type ListingRow = Awaited<ReturnType<typeof repo.findListings>>[number];
type ModerationActionRow = Awaited<ReturnType<typeof repo.findModerationActions>>[number];

/** Where the administrator sees a report's kept photo. */
export function reportPhotoUrl(reportId: string): string {
  return `/api/admin/reports/${encodeURIComponent(reportId)}/photo`;
}

/** The answer to a new report. */
export function toCreatedReport(row: ReportRow) {
  return { report: { id: row.id, createdAt: row.createdAt.toISOString() }, message: REPORT_TEXTS.sent };
}

/** What the queue knows of one reported target: its open reports (oldest first) and what they name. */
export interface ReportGroupFacts {
  target: OpenTarget;
  /** The target's open reports; the first stands for the group. */
  reports: [ReportRow, ...ReportRow[]];
  /** The reported person, unless the account is gone. */
  person: UserRow | undefined;
  /** The reported listing as it is now, unless deleted. */
  listing: ListingRow | undefined;
  /** Whether the reported listing, message or rating is still there. */
  isContentPresent: boolean;
  /** Every report against the person, these included. */
  reportsAgainstPerson: number;
  /** The moderation actions taken against the queue's people (the person's are picked out). */
  actions: ModerationActionRow[];
}

/** One row of the moderation queue: the target, its reports and the reported person's history. */
export function toReportGroup(facts: ReportGroupFacts): ReportGroup {
  const { target, reports, person } = facts;
  const [first] = reports;
  const withPhoto = reports.find((report) => report.photoKey);
  return {
    id: first.id,
    targetType: target.targetType,
    targetId: target.targetId,
    reporterCount: target.reporterCount,
    firstReportedAt: first.createdAt.toISOString(),
    reports: reports.map((report) => ({
      id: report.id,
      reason: report.reason,
      details: report.details,
      createdAt: report.createdAt.toISOString(),
    })),
    listing: target.targetType === "listing" ? toQueuedListing(target.targetId, facts.listing, first) : null,
    messages: first.evidence.messages ?? [],
    photoUrl: withPhoto ? reportPhotoUrl(withPhoto.id) : null,
    isContentPresent: facts.isContentPresent,
    reportedUser: person
      ? toReportedUser(person, facts.reportsAgainstPerson - reports.length, facts.actions)
      : null,
  };
}

/** The reported listing as it is now, or as the report kept it once deleted. */
function toQueuedListing(
  targetId: string,
  listing: ListingRow | undefined,
  first: ReportRow,
): ReportGroup["listing"] {
  if (listing) {
    return {
      id: listing.id,
      productName: listing.productName,
      price: listing.price,
      productImage: listing.productImage,
      category: listing.category,
      isActive: listing.isActive,
    };
  }
  const kept = first.evidence.listing;
  return kept ? { id: targetId, ...kept, isActive: false } : null;
}

/** The reported person with the reports and actions against them before these. */
function toReportedUser(
  person: UserRow,
  earlierReports: number,
  actions: ModerationActionRow[],
): ReportGroup["reportedUser"] {
  return {
    id: person.id,
    name: person.name,
    email: person.email,
    college: person.college,
    createdAt: person.createdAt.toISOString(),
    emailVerified: person.emailVerified,
    isSuspended: isSuspended(person),
    suspendedUntil: isSuspended(person) ? (person.suspendedUntil?.toISOString() ?? null) : null,
    earlierReports: Math.max(0, earlierReports),
    earlierActions: actions
      .filter((entry) => entry.userId === person.id)
      .map((entry) => ({
        action: entry.action.replace("moderation.", ""),
        reason: entry.reason,
        createdAt: entry.createdAt.toISOString(),
      })),
  };
}

/** A suspended account as the Reports tab lists it, with its appeal beside it. */
export function toSuspensionEntry(
  row: { suspension: SuspensionRow; name: string; email: string; college: string },
  appeal: Ticket | undefined,
): SuspensionEntry {
  return {
    id: row.suspension.id,
    user: { id: row.suspension.userId, name: row.name, email: row.email, college: row.college },
    reason: row.suspension.reason,
    startsAt: row.suspension.startsAt.toISOString(),
    endsAt: row.suspension.endsAt?.toISOString() ?? null,
    appeal: appeal ?? null,
  };
}
