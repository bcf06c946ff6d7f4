import { ghostButton } from "../../components/ui/button-styles";
import { useLogout } from "../../features/auth/hooks/use-logout";
import { BrandLink } from "./brand-link";

/** The administrator's bar: only the brand and Logout, as the spec says. */
export function AdminNav() {
  const logout = useLogout(true);
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 pt-[env(safe-area-inset-top)] backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:px-6 lg:px-8"
      >
        <BrandLink to="/admin" badge="Admin" />
        <button type="button" onClick={() => logout.mutate()} className={`${ghostButton} ml-auto shrink-0`}>
          Logout
        </button>
      </nav>
    </header>
  );
}
