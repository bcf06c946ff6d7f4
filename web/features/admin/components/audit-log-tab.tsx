import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "../../../lib/format";
import { describeAuditAction, describeAuditTarget } from "../admin-format";
import { adminAuditQueryOptions } from "../api/get-audit-log";
import { Pager } from "./pager";
import { EmptyState, LoadError, LoadingState, PanelSection, ScrollRegion } from "./panel-states";

/** Audit Log: who did what to which record, and when; newest first, 25 a page. */
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
              className={`w-full min-w-[40rem] text-left text-sm ${audit.isPlaceholderData ? "opacity-60" : ""}`}
            >
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
                <tr>
                  {["When", "Who", "Action", "Target"].map((heading) => (
                    <th key={heading} scope="col" className="px-3 py-2">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {data?.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="whitespace-nowrap px-3 py-2">
                      <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                    </td>
                    <td className="px-3 py-2">{entry.actorName ?? "Unknown"}</td>
                    <td className="px-3 py-2">{describeAuditAction(entry.action)}</td>
                    <td className="break-words px-3 py-2">{describeAuditTarget(entry)}</td>
                  </tr>
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
