import type { Item } from "@shared/api/items";
import { Suspense } from "react";
import { useNavigate } from "react-router";
import { LazyOwnItemActions } from "../../../components/own-item-actions/lazy-own-item-actions";
import { lazyWhenOnline } from "../../../lib/import-when-online";

// Only a reserved item offers 'Release Reservation': its code loads then.
const ReleaseReservationButton = lazyWhenOnline(() =>
  import("../../../components/deals/release-reservation-button").then((module) => ({
    default: module.ReleaseReservationButton,
  })),
);

/** The seller's panel on their item's page. */
export function OwnerActions({ item }: { item: Item }) {
  const navigate = useNavigate();
  return (
    <section
      aria-labelledby="owner-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="owner-heading" className="text-lg font-semibold text-slate-900">
        Manage your listing
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        {item.isActive
          ? item.isReserved
            ? "Reserved for a buyer who accepted an offer. It lapses after 3 days without a sale."
            : "Buyers can see this item."
          : item.isExpired
            ? "This listing expired and is hidden from the marketplace. Renew it to list it again."
            : "This item is sold and hidden from the marketplace."}
      </p>
      {item.abilities.canRelease ? (
        <Suspense fallback={null}>
          <ReleaseReservationButton item={item} />
        </Suspense>
      ) : null}
      {/* Replace: Back should not lead to a page that no longer exists. */}
      {/* On phones, Edit and Mark as Sold are in the sticky bar at the bottom; Delete stays here. */}
      <LazyOwnItemActions
        item={item}
        hiddenOnPhones={["edit", "markSold"]}
        onDeleted={() => navigate("/buy", { replace: true })}
      />
    </section>
  );
}
