import { SELL_MESSAGES } from "@shared/validation/sell";
import { Link } from "react-router";
import { primaryButton } from "../../../components/ui/button-styles";

/** Shown for an item that does not exist (deleted, or a wrong link). */
export function ItemNotFound({ headingLevel = "h2" }: { headingLevel?: "h1" | "h2" }) {
  const Heading = headingLevel;
  return (
    <section className="mt-4 flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-4 py-12 text-center shadow-sm">
      <Heading className="text-xl font-bold text-slate-900">{SELL_MESSAGES.notFound}</Heading>
      <p className="mt-2 text-slate-600">It may have been sold and removed, or the link is wrong.</p>
      <Link to="/buy" className={`${primaryButton} mt-6`}>
        Back to Browse
      </Link>
    </section>
  );
}
