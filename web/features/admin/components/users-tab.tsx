import { ADMIN_MESSAGES } from "@shared/admin-constants";
import type { AdminUser } from "@shared/api/admin";
import { COLLEGE_REQUEST_TEXTS } from "@shared/college-requests";
import { LATER_COLLEGE_REQUEST_TEXTS } from "@shared/college-requests-later";
import { EVENT_MESSAGES } from "@shared/events-constants";
import { MODERATION_TEXTS } from "@shared/reports-constants";
import { useQuery } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { secondaryButton } from "../../../components/ui/button-styles";
import { useConfirm } from "../../../components/ui/confirm-dialog";
import { TextField } from "../../../components/ui/field";
import { InlineLoading } from "../../../components/ui/page-loading";
import { formatDate } from "../../../lib/format";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { ADMIN_FAILURES } from "../admin-texts";
import { useDeleteUser } from "../api/delete-user";
import { adminUsersQueryOptions } from "../api/get-users";
import { useSetOrganiser } from "../api/set-organiser";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { useAdminNotice } from "./admin-notice";
import { Pager } from "./pager";
import {
  CellLabel,
  cardTable,
  dangerButton,
  EmptyState,
  LoadError,
  LoadingState,
  PanelSection,
  ScrollRegion,
} from "./panel-states";
import { useConfirmedLift } from "./suspensions-section";

// The edit form loads when Edit is pressed.
const EditUserDialog = lazyWhenOnline(() =>
  import("./edit-user-dialog").then((module) => ({ default: module.EditUserDialog })),
);

const cellClasses = `px-3 py-3 align-top ${cardTable.cell}`;

function UserFilters({
  filters,
  onChange,
}: {
  filters: { search: string; from: string; to: string };
  onChange: (values: Partial<{ search: string; from: string; to: string }>) => void;
}) {
  return (
    <search className="mb-4 grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
      <TextField
        label="Search users"
        type="search"
        placeholder="Name, e-mail or mobile"
        value={filters.search}
        onChange={(event) => onChange({ search: event.target.value })}
      />
      <TextField
        label="From date"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <TextField
        label="To date"
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => onChange({ to: event.target.value })}
      />
      <button
        type="button"
        onClick={() => onChange({ search: "", from: "", to: "" })}
        disabled={!filters.search && !filters.from && !filters.to}
        className={secondaryButton}
      >
        Clear filters
      </button>
    </search>
  );
}

/**
 * A student's college; while their request waits, 'College pending' with what they asked for (and
 * the college they keep meanwhile, when they asked from Settings).
 */
function UserCollege({ user }: { user: AdminUser }) {
  if (!user.collegePending) return <>{user.college}</>;
  return (
    <>
      <span className="block w-fit rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">
        {COLLEGE_REQUEST_TEXTS.pending}
      </span>
      {user.collegeRequested ? (
        <span className="mt-1 block text-sm text-slate-700">
          {LATER_COLLEGE_REQUEST_TEXTS.pendingAsked(user.collegeRequested.name, user.collegeRequested.city)}
        </span>
      ) : null}
      {user.college ? <span className="mt-1 block text-sm text-slate-600">{user.college}</span> : null}
    </>
  );
}

/** Users Management: students found on the server by text and joining dates, 25 a page. */
export function UsersTab() {
  const [filters, setFilters] = useState({ search: "", from: "", to: "" });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const search = useDebouncedValue(filters.search);
  const users = useQuery(adminUsersQueryOptions({ search, from: filters.from, to: filters.to, page }));
  const notify = useAdminNotice();
  const { confirm, confirmDialog } = useConfirm();
  const { lift, handleLift, confirmDialog: liftDialog } = useConfirmedLift();
  const organiser = useSetOrganiser({
    onSuccess: ({ user }) =>
      notify(
        "success",
        user.organiserOf
          ? EVENT_MESSAGES.organiserMade(user.name, user.organiserOf)
          : EVENT_MESSAGES.organiserRevoked(user.name),
      ),
    onError: (error) => notify("error", error.message),
  });
  const remove = useDeleteUser({
    onSuccess: () => notify("success", ADMIN_MESSAGES.userDeleted),
    onError: (error) => notify("error", ADMIN_FAILURES.deleteUser(error.message)),
  });

  // Deleting the last user of the last page leaves it empty: go to the last page there is.
  const lastPage = users.data?.totalPages ?? 1;
  const isPageEmpty = users.data?.users.length === 0 && !users.isPlaceholderData;
  useEffect(() => {
    if (isPageEmpty && page > lastPage) setPage(lastPage);
  }, [isPageEmpty, page, lastPage]);

  function handleFilterChange(values: Partial<typeof filters>) {
    setFilters((current) => ({ ...current, ...values }));
    setPage(1);
  }

  async function handleDelete(user: AdminUser) {
    const isConfirmed = await confirm({
      message: ADMIN_MESSAGES.confirmDeleteUser,
      confirmLabel: "Delete",
      destructive: true,
    });
    if (isConfirmed) remove.mutate(user.id);
  }

  const data = users.data;
  return (
    <PanelSection title={`Users${data ? ` (${data.total})` : ""}`} titleId="admin-users-heading">
      <UserFilters filters={filters} onChange={handleFilterChange} />
      {users.isPending ? (
        <LoadingState>Loading users...</LoadingState>
      ) : users.isError ? (
        <LoadError onRetry={() => void users.refetch()}>
          Could not load the users. {users.error.message}
        </LoadError>
      ) : data?.users.length === 0 ? (
        <EmptyState>No users match these filters.</EmptyState>
      ) : (
        <>
          <ScrollRegion label="Users table">
            <table
              className={`${cardTable.table} sm:min-w-[52rem] ${users.isPlaceholderData ? "opacity-60" : ""}`}
            >
              <thead
                className={`${cardTable.head} bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase`}
              >
                <tr>
                  {["Name", "Email", "Mobile", "College", "City", "Joined"].map((heading) => (
                    <th key={heading} scope="col" className="px-3 py-2">
                      {heading}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className={cardTable.body}>
                {data?.users.map((user) => (
                  <tr key={user.id} className={cardTable.row}>
                    <th scope="row" className={`${cellClasses} font-semibold text-slate-900`}>
                      {user.name}
                      {user.organiserOf ? (
                        <span className="mt-1 block w-fit rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-800">
                          Organiser
                        </span>
                      ) : null}
                      {user.isSuspended ? (
                        <span className="mt-1 block w-fit rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
                          {user.suspendedUntil
                            ? `Suspended until ${formatDate(user.suspendedUntil)}`
                            : "Permanently suspended"}
                        </span>
                      ) : null}
                    </th>
                    <td className={`${cellClasses} break-all`}>
                      <CellLabel>Email</CellLabel>
                      {user.email}
                    </td>
                    <td className={cellClasses}>
                      <CellLabel>Mobile</CellLabel>
                      {user.mobile}
                    </td>
                    <td className={cellClasses}>
                      <CellLabel>College</CellLabel>
                      <UserCollege user={user} />
                    </td>
                    <td className={cellClasses}>
                      <CellLabel>City</CellLabel>
                      {user.city}
                    </td>
                    <td className={`${cellClasses} sm:whitespace-nowrap`}>
                      <CellLabel>Joined</CellLabel>
                      <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
                    </td>
                    <td className={`${cellClasses} sm:whitespace-nowrap`}>
                      <div className="flex flex-wrap gap-2 max-sm:pt-2">
                        {user.isSuspended ? (
                          <button
                            type="button"
                            onClick={() => void handleLift(user)}
                            disabled={lift.isPending && lift.variables === user.id}
                            className={secondaryButton}
                          >
                            {MODERATION_TEXTS.liftSuspension}
                            <span className="sr-only"> for {user.name}</span>
                          </button>
                        ) : null}
                        <button
                          type="button"
                          onClick={() =>
                            organiser.mutate({ userId: user.id, isOrganiser: !user.organiserOf })
                          }
                          disabled={organiser.isPending && organiser.variables?.userId === user.id}
                          className={secondaryButton}
                        >
                          {user.organiserOf ? "Revoke Organiser" : "Make Organiser"}
                          <span className="sr-only"> {user.name}</span>
                        </button>
                        <button type="button" onClick={() => setEditing(user)} className={secondaryButton}>
                          Edit<span className="sr-only"> {user.name}</span>
                        </button>
                        <button
                          type="button"
                          onClick={() => void handleDelete(user)}
                          disabled={remove.isPending && remove.variables === user.id}
                          className={dangerButton}
                        >
                          Delete<span className="sr-only"> {user.name}</span>
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager
            label="Users pages"
            page={data?.page ?? page}
            totalPages={data?.totalPages ?? 1}
            onPageChange={setPage}
          />
        </>
      )}
      {editing ? (
        <Suspense fallback={<InlineLoading />}>
          <EditUserDialog user={editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      {confirmDialog}
      {liftDialog}
    </PanelSection>
  );
}
