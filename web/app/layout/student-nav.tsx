import type { User } from "@shared/api/auth";
import Bell from "lucide-react/icons/bell";
import ChevronDown from "lucide-react/icons/chevron-down";
import MessageSquare from "lucide-react/icons/message-square";
import { Link, NavLink } from "react-router";
import { Menu } from "../../components/ui/menu";
import { useLogout } from "../../features/auth/hooks/use-logout";
import type { UnreadCounts } from "../../features/notifications/hooks";
import { LiveStatus } from "../live/live-status";
import { BrandLink } from "./brand-link";
import { CountBadge, unreadLabel } from "./count-badge";
import { MobileMenu } from "./mobile-menu";
import { navIconButton } from "./nav-styles";

const badgePosition = "absolute -top-0.5 -right-0.5";
const sectionLink = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium ${
    isActive ? "bg-indigo-50 text-indigo-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
  }`;

interface StudentNavProps {
  user: User;
  counts: UnreadCounts;
  className?: string;
}

/** The sticky bar for a signed-in student. */
export function StudentNav({ user, counts, className = "" }: StudentNavProps) {
  const logout = useLogout(false);
  const handleLogout = () => logout.mutate();
  const initial = user.name.trim().charAt(0).toUpperCase() || "?";

  return (
    <header
      className={`sticky top-0 z-20 border-b border-slate-200 bg-white/95 pt-[env(safe-area-inset-top)] backdrop-blur ${className}`}
    >
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:px-6 lg:px-8"
      >
        <BrandLink to="/dashboard" />
        <LiveStatus className="ml-2 shrink-0" />

        <div className="ml-auto hidden items-center gap-1 md:flex">
          <NavLink to="/events" className={sectionLink}>
            Events
          </NavLink>
          <NavLink to="/teammates" className={sectionLink}>
            Teammate Finder
          </NavLink>
          <Link
            to="/notifications"
            aria-label={unreadLabel("Notifications", counts.notifications)}
            className={navIconButton}
          >
            <Bell className="size-6" />
            <CountBadge count={counts.notifications} className={badgePosition} />
          </Link>
          <Link
            to="/messages"
            aria-label={unreadLabel("Messages", counts.messages)}
            className={navIconButton}
          >
            <MessageSquare className="size-6" />
            <CountBadge count={counts.messages} className={badgePosition} />
          </Link>
          <Menu
            label={`Account menu for ${user.name}`}
            triggerClassName="ml-1 flex min-h-11 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100"
            trigger={
              <>
                {/*
                 * The initial is drawn by CSS, not as text, so the button's visible text is the
                 * name alone, which its accessible name contains (WCAG 2.5.3, label in name).
                 */}
                <span
                  aria-hidden="true"
                  data-initial={initial}
                  className="grid size-9 place-items-center rounded-full bg-indigo-700 font-bold text-white before:content-[attr(data-initial)]"
                />
                <span className="hidden max-w-40 truncate lg:inline">{user.name}</span>
                <ChevronDown className="size-4 text-slate-500" />
              </>
            }
            // Read as the menu opens: 'Install app' while the browser offers it (web/pwa/register.ts).
            items={() => [
              { label: "Profile", to: "/profile" },
              { label: "Saved items", to: "/favourites" },
              { label: "Settings", to: "/settings" },
              ...(window.installApp ? [{ label: "Install app", onSelect: window.installApp }] : []),
              { label: "Logout", onSelect: handleLogout },
            ]}
          />
        </div>

        <MobileMenu userName={user.name} counts={counts} onLogout={handleLogout} />
      </nav>
    </header>
  );
}
