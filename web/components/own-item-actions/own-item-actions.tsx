import type { Item } from "@shared/api/items";
import { Link } from "react-router";
import { Alert } from "../ui/alert";
import { secondaryButton } from "../ui/button-styles";
import { isRenewable } from "./api/renew-item";
import { useOwnItemActions } from "./use-own-item-actions";

const layout = "flex-1 px-3 whitespace-nowrap";
const dangerButton = `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-red-300 bg-white py-2 text-sm font-semibold text-red-700 transition-colors hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60 ${layout}`;

export type OwnItemAction = "edit" | "markSold" | "delete";
const ALL_ACTIONS: readonly OwnItemAction[] = ["edit", "markSold", "delete"];

interface OwnItemActionsProps {
  item: Item;
  /** Which of the buttons to offer (all by default), e.g. the item page's phone bar shows two. */
  actions?: readonly OwnItemAction[];
  /** Buttons left out below 768 px, where a sticky bar offers them instead. */
  hiddenOnPhones?: readonly OwnItemAction[];
  /** On a grid: the item's title, read as each button's description so "Delete" says which item. */
  describedBy?: string;
  /** Runs once the item is deleted, e.g. to leave the item's own page. */
  onDeleted?: () => void;
}

/**
 * The seller's Edit, Mark as Sold and Delete, as the server's abilities allow them (Edit and Mark
 * as Sold while listed, Delete always), on the item's page and on the seller's profile grid.
 */
export function OwnItemActions({
  item,
  actions: offered = ALL_ACTIONS,
  hiddenOnPhones = [],
  describedBy,
  onDeleted,
}: OwnItemActionsProps) {
  const actions = useOwnItemActions(item, { onDeleted });
  const canEdit = item.abilities.canEdit && offered.includes("edit");
  const canMarkSold = item.abilities.canMarkSold && offered.includes("markSold");
  const canDelete = item.abilities.canDelete && offered.includes("delete");
  const canRenew = isRenewable(item);
  const shown = (action: OwnItemAction) => (hiddenOnPhones.includes(action) ? "max-md:hidden" : "");
  return (
    <div className="w-full space-y-3">
      <div className="flex flex-wrap gap-2">
        {canRenew ? (
          <button
            type="button"
            aria-describedby={describedBy}
            disabled={actions.isBusy}
            onClick={actions.handleRenew}
            className={`${secondaryButton} ${layout}`}
          >
            {actions.isRenewing ? "Renewing..." : "Renew"}
          </button>
        ) : null}
        {canEdit ? (
          <Link
            to={`/sell?edit=${encodeURIComponent(item.id)}`}
            aria-describedby={describedBy}
            className={`${secondaryButton} ${layout} ${shown("edit")}`}
          >
            Edit
          </Link>
        ) : null}
        {canMarkSold ? (
          <button
            type="button"
            aria-describedby={describedBy}
            disabled={actions.isBusy}
            onClick={actions.handleMarkSold}
            className={`${secondaryButton} ${layout} ${shown("markSold")}`}
          >
            {actions.isMarkingSold ? "Marking as Sold..." : "Mark as Sold"}
          </button>
        ) : null}
        {canDelete ? (
          <button
            type="button"
            aria-describedby={describedBy}
            disabled={actions.isBusy}
            onClick={actions.handleDelete}
            className={`${dangerButton} ${shown("delete")}`}
          >
            {actions.isDeleting ? "Deleting..." : "Delete"}
          </button>
        ) : null}
      </div>
      {actions.error ? <Alert tone="error">{actions.error}</Alert> : null}
      {actions.confirmDialog}
    </div>
  );
}
