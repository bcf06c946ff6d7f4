import type { Item } from "@shared/api/items";
import { useNavigate } from "react-router";
import { OwnItemActions } from "../../../components/own-item-actions/own-item-actions";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";
import { ApiError } from "../../../lib/api";
import { useReleaseReservation } from "../api/release-reservation";

/** The seller's panel on their item's page. */
export function OwnerActions({ item }: { item: Item }) {
  const navigate = useNavigate();
  const release = useReleaseReservation(item.id);
  return (
    <section
      aria-labelledby="owner-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="owner-heading" className="text-lg font-semibold text-slate-900">
        Manage your listing
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        {!item.isActive
          ? "This item is sold and hidden from the marketplace."
          : item.isReserved
            ? "Reserved for a buyer who accepted an offer. It lapses after 3 days without a sale."
            : "Buyers can see this item."}
      </p>
      {item.abilities.canRelease ? (
        <div className="mb-3">
          <button
            type="button"
            disabled={release.isPending}
            onClick={() => release.mutate()}
            className={`${secondaryButton} w-full`}
          >
            Release Reservation
          </button>
          {release.isError ? (
            <Alert tone="error">
              {release.error instanceof ApiError ? release.error.message : "Please try again."}
            </Alert>
          ) : null}
        </div>
      ) : null}
      {/* Replace: Back should not lead to a page that no longer exists. */}
      {/* On phones, Edit and Mark as Sold are in the sticky bar at the bottom; Delete stays here. */}
      <OwnItemActions
        item={item}
        hiddenOnPhones={["edit", "markSold"]}
        onDeleted={() => navigate("/buy", { replace: true })}
      />
    </section>
  );
}
