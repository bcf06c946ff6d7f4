import type { ItemDetailResponse } from "@shared/api/items";
import { VERIFIED_LABELS } from "@shared/verification-labels";
import CircleCheckBigIcon from "lucide-react/icons/circle-check-big";
import { Link } from "react-router";
import { secondaryButton } from "../../../components/ui/button-styles";
import { followersLabel } from "../item-format";

type Seller = ItemDetailResponse["seller"];

export function SellerCard({ seller }: { seller: Seller }) {
  return (
    <section
      aria-labelledby="seller-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="seller-heading" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
        Seller
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-lg font-bold text-indigo-800"
        >
          {seller.name.charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{seller.name}</p>
          <p className="text-sm break-words text-slate-600">{seller.college}</p>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            {seller.isVerified ? (
              <span className="inline-flex items-center gap-1 font-medium text-green-700">
                <CircleCheckBigIcon className="size-4" />
                {VERIFIED_LABELS.verifiedStudent}
              </span>
            ) : seller.isEmailConfirmed ? (
              <span className="inline-flex items-center gap-1 font-medium text-slate-700">
                {VERIFIED_LABELS.emailConfirmed}
              </span>
            ) : null}
            <span className="text-slate-600">{followersLabel(seller.followers)}</span>
          </div>
        </div>
      </div>
      <Link to={`/profile/${encodeURIComponent(seller.id)}`} className={`${secondaryButton} mt-4 w-full`}>
        View Profile
      </Link>
    </section>
  );
}
