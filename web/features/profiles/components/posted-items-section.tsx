import type { Item } from "@shared/api/items";
import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import { Link } from "react-router";
import { secondaryButton } from "../../../components/ui/button-styles";
import { ProfileItemCard, ProfileItemGrid } from "./profile-item-card";

/** 'Posted Items' on someone's public profile, in the server's order (available, then sold). */
export function PostedItemsSection({ items }: { items: Item[] }) {
  return (
    <section aria-labelledby="posted-items-heading" className="space-y-4">
      <h2 id="posted-items-heading" className="text-xl font-bold text-slate-900">
        Posted Items
      </h2>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-600">
          {SETTINGS_MESSAGES.noItemsPublic}
        </p>
      ) : (
        <ProfileItemGrid>
          {items.map((item) => (
            <ProfileItemCard key={item.id} item={item} showSellerRating>
              {(titleId) =>
                item.isActive ? (
                  <Link
                    to={`/item/${encodeURIComponent(item.id)}`}
                    aria-describedby={titleId}
                    className={`${secondaryButton} w-full`}
                  >
                    View Details
                  </Link>
                ) : (
                  // The spec's disabled Sold button: the item stays visible but cannot be bought
                  // ('Expired' for a listing that lapsed unsold).
                  <button
                    type="button"
                    disabled
                    aria-describedby={titleId}
                    className={`${secondaryButton} w-full`}
                  >
                    {item.isExpired ? "Expired" : "Sold"}
                  </button>
                )
              }
            </ProfileItemCard>
          ))}
        </ProfileItemGrid>
      )}
    </section>
  );
}
