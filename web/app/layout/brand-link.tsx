import ShoppingBag from "lucide-react/icons/shopping-bag";
import { Link } from "react-router";
import { brandLink } from "./nav-styles";

export function BrandLink({ to, badge }: { to: string; badge?: string }) {
  return (
    <Link to={to} className={brandLink}>
      <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-indigo-700 text-white">
        <ShoppingBag className="size-5" />
      </span>
      <span className="truncate">Campus Bazaar</span>
      {badge ? (
        <span className="shrink-0 rounded-md bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-800">
          {badge}
        </span>
      ) : null}
    </Link>
  );
}
