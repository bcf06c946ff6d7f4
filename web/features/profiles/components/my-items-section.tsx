import type { Item } from "@shared/api/items";
import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import { Link } from "react-router";
import { useOwnItemActions } from "../../../components/own-item-actions/use-own-item-actions";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { ProfileItemCard, ProfileItemGrid } from "./profile-item-card";

const dangerButton =
  "inline-flex min-h-11 flex-1 items-center justify-center rounded-lg border border-red-300 bg-white px-3 py-2 text-sm font-semibold text-red-700 transition-colors hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60";

function MyItemCard({ item }: { item: Item }) {
  const actions = useOwnItemActions(item);
  return (
    <ProfileItemCard item={item}>
      {(titleId) => (
        <>
          {item.abilities.canEdit ? (
            <Link
              to={`/sell?edit=${encodeURIComponent(item.id)}`}
              aria-describedby={titleId}
              className={`${secondaryButton} flex-1 px-3`}
            >
              Edit
            </Link>
          ) : null}
          {item.abilities.canMarkSold ? (
            <button
              type="button"
              aria-describedby={titleId}
              disabled={actions.isBusy}
              onClick={actions.handleMarkSold}
              className={`${secondaryButton} flex-1 px-3 whitespace-nowrap`}
            >
              {actions.isMarkingSold ? "Marking..." : "Mark as Sold"}
            </button>
          ) : null}
          {item.abilities.canDelete ? (
            <button
              type="button"
              aria-describedby={titleId}
              disabled={actions.isBusy}
              onClick={actions.handleDelete}
              className={dangerButton}
            >
              {actions.isDeleting ? "Deleting..." : "Delete"}
            </button>
          ) : null}
          {actions.error ? (
            <p role="alert" className="w-full text-sm text-red-700">
              {actions.error}
            </p>
          ) : null}
          {actions.confirmDialog}
        </>
      )}
    </ProfileItemCard>
  );
}

/** 'My Posted Items' on one's own profile, with Post New Item and the seller's controls. */
export function MyItemsSection({ items }: { items: Item[] }) {
  return (
    <section aria-labelledby="my-items-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-items-heading" className="text-xl font-bold text-slate-900">
          My Posted Items
        </h2>
        <Link to="/sell" className={primaryButton}>
          Post New Item
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
          {SETTINGS_MESSAGES.noItemsOwn}
        </p>
      ) : (
        <ProfileItemGrid>
          {items.map((item) => (
            <MyItemCard key={item.id} item={item} />
          ))}
        </ProfileItemGrid>
      )}
    </section>
  );
}
