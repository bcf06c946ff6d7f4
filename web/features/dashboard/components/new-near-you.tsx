import type { DashboardResponse } from "@shared/api/dashboard";
import { collegeShortName } from "@shared/colleges";
import { Link } from "react-router";
import { ItemThumbnail } from "../../../components/item-card/item-thumbnail";
import { textLink } from "../../../components/ui/button-styles";
import { formatRupees } from "../../../lib/format";

/**
 * 'New near you': for a student with no activity yet, the newest listings of their college, then
 * of their city, so the first screen shows what is for sale around them. Each opens its item.
 */
export function NewNearYou({ items }: { items: DashboardResponse["newNearYou"] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="near-you-heading" className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="near-you-heading" className="text-lg font-semibold text-slate-900">
          New near you
        </h2>
        <Link to="/buy" className={`${textLink} text-sm`}>
          Browse Items
        </Link>
      </div>
      <ul aria-labelledby="near-you-heading" className="grid grid-cols-3 gap-2 sm:grid-cols-6 sm:gap-3">
        {items.map((item, index) => (
          <li key={item.id}>
            <Link
              to={`/item/${encodeURIComponent(item.id)}`}
              className="block h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              <ItemThumbnail
                url={item.productImage}
                alt=""
                isFirst={index < 3}
                className="aspect-square w-full"
              />
              <div className="space-y-0.5 p-1.5">
                <p className="text-sm font-bold text-indigo-700">{formatRupees(item.price)}</p>
                <p className="line-clamp-2 text-xs leading-4 font-semibold break-words text-slate-900">
                  {item.productName}
                </p>
                <p className="truncate text-xs text-slate-600">{collegeShortName(item.sellerCollege)}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
