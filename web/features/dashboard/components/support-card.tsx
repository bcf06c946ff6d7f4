import LifeBuoyIcon from "lucide-react/icons/life-buoy";
import { type ReactNode, Suspense } from "react";
import { textLink } from "../../../components/ui/button-styles";

/**
 * Help & Support: the help desk's address, and the support ticket actions (raise one, see the ones
 * raised before), which the app fills in from the tickets feature.
 */
export function SupportCard({
  supportEmail,
  actions,
}: {
  supportEmail: string | undefined;
  actions: ReactNode;
}) {
  return (
    <section
      aria-labelledby="support-heading"
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <span className="grid size-11 place-items-center rounded-lg bg-rose-100 text-rose-700">
        <LifeBuoyIcon className="size-6" />
      </span>
      <h3 id="support-heading" className="mt-3 text-lg font-semibold text-slate-900">
        Help & Support
      </h3>
      <p className="mt-1 text-sm text-slate-600">Questions or a problem? We are here to help.</p>
      {/* The actions may arrive as their own download: the rest of the card does not wait for them. */}
      <div className="mt-4 flex flex-wrap gap-2">
        <Suspense fallback={null}>{actions}</Suspense>
      </div>
      {supportEmail ? (
        <p className="mt-3 text-sm text-slate-700">
          Help desk:{" "}
          <a href={`mailto:${supportEmail}`} className={`${textLink} break-all`}>
            {supportEmail}
          </a>
        </p>
      ) : null}
    </section>
  );
}
