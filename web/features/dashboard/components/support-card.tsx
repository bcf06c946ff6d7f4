import { secondaryButton, textLink } from "../../../components/ui/button-styles";
import { LifebuoyIcon } from "../../../components/ui/icons";

const COMING_SOON = "Support tickets are coming soon. Until then, please write to the help desk.";

/** Help & Support: the ticket dialogs arrive in a later piece of work, so their buttons wait. */
export function SupportCard({ supportEmail }: { supportEmail: string | undefined }) {
  return (
    <section
      aria-labelledby="support-heading"
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <span className="grid size-11 place-items-center rounded-lg bg-rose-100 text-rose-700">
        <LifebuoyIcon className="size-6" />
      </span>
      <h3 id="support-heading" className="mt-3 text-lg font-semibold text-slate-900">
        Help & Support
      </h3>
      <p className="mt-1 text-sm text-slate-600">Questions or a problem? We are here to help.</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" disabled title={COMING_SOON} className={secondaryButton}>
          Raise Ticket
        </button>
        <button type="button" disabled title={COMING_SOON} className={secondaryButton}>
          View History
        </button>
      </div>
      <p className="mt-2 text-xs text-slate-600">{COMING_SOON}</p>
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
