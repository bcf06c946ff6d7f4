import Lock from "lucide-react/icons/lock";
import { BackButton } from "../../../components/ui/back-button";
import { useDocumentTitle } from "../../../lib/use-document-title";

export function VaultPage() {
  useDocumentTitle("CampusVault");
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <BackButton />
      <section className="mt-4 flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-12">
        <span className="grid size-14 place-items-center rounded-2xl bg-emerald-100 text-emerald-700">
          <Lock className="size-7" />
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">CampusVault - Coming Soon</h1>
        <p className="mt-2 max-w-md text-slate-600">
          Secure storage for your notes and documents is on its way.
        </p>
      </section>
    </div>
  );
}
