import type { Item } from "@shared/api/items";
import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import { Link } from "react-router";
import { LazyOwnItemActions } from "../../../components/own-item-actions/lazy-own-item-actions";
import { primaryButton } from "../../../components/ui/button-styles";
import { ProfileItemCard, ProfileItemGrid } from "./profile-item-card";

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
            <ProfileItemCard key={item.id} item={item}>
              {(titleId) => <LazyOwnItemActions item={item} describedBy={titleId} />}
            </ProfileItemCard>
          ))}
        </ProfileItemGrid>
      )}
    </section>
  );
}
