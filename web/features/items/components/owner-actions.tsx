import type { Item } from "@shared/api/items";
import { Link, useNavigate } from "react-router";
import { useOwnItemActions } from "../../../components/own-item-actions/use-own-item-actions";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";

const dangerButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 transition-colors hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60";

/** The seller's own controls, as the server allows them: Edit and Mark as Sold while listed, Delete always. */
export function OwnerActions({ item }: { item: Item }) {
  const navigate = useNavigate();
  // Replace: Back should not lead to a page that no longer exists.
  const actions = useOwnItemActions(item, { onDeleted: () => navigate("/buy", { replace: true }) });
  return (
    <section
      aria-labelledby="owner-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="owner-heading" className="text-lg font-semibold text-slate-900">
        Manage your listing
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {item.isActive ? "Buyers can see this item." : "This item is sold and hidden from the marketplace."}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {item.abilities.canEdit ? (
          <Link to={`/sell?edit=${encodeURIComponent(item.id)}`} className={`${secondaryButton} flex-1`}>
            Edit
          </Link>
        ) : null}
        {item.abilities.canMarkSold ? (
          <button
            type="button"
            disabled={actions.isBusy}
            onClick={actions.handleMarkSold}
            className={`${secondaryButton} flex-1`}
          >
            {actions.isMarkingSold ? "Marking as Sold..." : "Mark as Sold"}
          </button>
        ) : null}
        {item.abilities.canDelete ? (
          <button
            type="button"
            disabled={actions.isBusy}
            onClick={actions.handleDelete}
            className={`${dangerButton} flex-1`}
          >
            {actions.isDeleting ? "Deleting..." : "Delete"}
          </button>
        ) : null}
      </div>
      {actions.error ? (
        <Alert tone="error" className="mt-3">
          {actions.error}
        </Alert>
      ) : null}
      {actions.confirmDialog}
    </section>
  );
}
