import type { AuditEntry } from "@shared/api/admin";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "../../../lib/format";
import { auditTargetLabel, describeAuditAction } from "../admin-format";
import { adminAuditQueryOptions } from "../api/get-audit-log";
import { Pager } from "./pager";
import {
  CellLabel,
  cardTable,
  EmptyState,
  LoadError,
  LoadingState,
  PanelSection,
  ScrollRegion,
} from "./panel-states";

const cellClasses = `px-3 py-2 align-top ${cardTable.cell}`;

/**
 * Audit Log: who did what to whom, why, and when; newest first, 25 a page. A moderation entry
 * opens the reports it closed.
 */
export function AuditLogTab() {
  const [page, setPage] = useState(1);
  const audit = useQuery(adminAuditQueryOptions(page));
  const data = audit.data;

  return (
    <PanelSection title={`Audit Log${data ? ` (${data.total})` : ""}`} titleId="admin-audit-heading">
      {audit.isPending ? (
        <LoadingState>Loading the audit log...</LoadingState>
      ) : audit.isError ? (
        <LoadError onRetry={() => void audit.refetch()}>Could not load the audit log.</LoadError>
      ) : data?.entries.length === 0 ? (
        <EmptyState>No administrator actions recorded yet.</EmptyState>
      ) : (
        <>
          <ScrollRegion label="Audit log table">
            <table
              className={`${cardTable.table} sm:min-w-[48rem] ${audit.isPlaceholderData ? "opacity-60" : ""}`}
            >
              <thead
                className={`${cardTable.head} bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase`}
              >
                <tr>
                  {["When", "Who", "Action", "Target", "Reason"].map((heading) => (
                    <th key={heading} scope="col" className="px-3 py-2">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={cardTable.body}>
                {data?.entries.map((entry) => (
                  <AuditRow key={entry.id} entry={entry} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager
            label="Audit log pages"
            page={data?.page ?? page}
            totalPages={data?.totalPages ?? 1}
            onPageChange={setPage}
          />
        </>
      )}
    </PanelSection>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const label = auditTargetLabel(entry);
  const person = entry.person;
  return (
    <tr className={cardTable.row}>
      <td className={`${cellClasses} sm:whitespace-nowrap`}>
        <CellLabel>When</CellLabel>
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </td>
      <td className={cellClasses}>
        <CellLabel>Who</CellLabel>
        {entry.actorName ?? "Unknown"}
      </td>
      <td className={cellClasses}>
        <CellLabel>Action</CellLabel>
        {describeAuditAction(entry.action)}
      </td>
      <td className={`${cellClasses} break-words`}>
        <CellLabel>Target</CellLabel>
        {label}
        {person ? (
          <span className="block text-xs break-all text-slate-600">
            {person.name === label ? person.email : `${person.name} · ${person.email}`}
          </span>
        ) : null}
        {entry.reports.length > 0 ? <AuditReports entry={entry} /> : null}
      </td>
      <td className={`${cellClasses} break-words`}>
        <CellLabel>Reason</CellLabel>
        {entry.reason ?? <span className="text-slate-500">—</span>}
      </td>
    </tr>
  );
}

/** The reports a moderation entry closed, opened in place. */
function AuditReports({ entry }: { entry: AuditEntry }) {
  const count = entry.reports.length;
  return (
    <details className="mt-1">
      <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-indigo-700">
        {count === 1 ? "1 report" : `${count} reports`}
      </summary>
      <ul className="space-y-2 text-xs text-slate-700">
        {entry.reports.map((report) => (
          <li key={report.id} className="rounded-md bg-slate-50 p-2">
            <p className="font-semibold text-slate-900">{report.reason}</p>
            {report.details ? <p className="break-words whitespace-pre-wrap">{report.details}</p> : null}
            <p>
              By {report.reporterName ?? "a deleted account"},{" "}
              <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>
            </p>
          </li>
        ))}
      </ul>
    </details>
  );
}
