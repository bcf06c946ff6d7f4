import CalendarDays from "lucide-react/icons/calendar-days";
import CirclePlus from "lucide-react/icons/circle-plus";
import House from "lucide-react/icons/house";
import MessageSquare from "lucide-react/icons/message-square";
import Store from "lucide-react/icons/store";
import UsersRound from "lucide-react/icons/users-round";
import type { ComponentType } from "react";
import { NavLink } from "react-router";
import { CountBadge, unreadLabel } from "./count-badge";

interface Tab {
  label: string;
  to: string;
  Icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
}

/**
 * The tabs, built when the bar draws rather than when this module loads: the build puts the layout's
 * icons in the layout's own chunk, which imports this module's chunk, so at this module's load they
 * may not be defined yet (scripts/shell-chunks.ts).
 */
const tabs = (): readonly Tab[] => [
  { label: "Home", to: "/dashboard", Icon: House },
  { label: "Browse", to: "/buy", Icon: Store },
  { label: "Sell", to: "/sell", Icon: CirclePlus },
  { label: "Events", to: "/events", Icon: CalendarDays },
  // The Teammate Finder: its page's own name does not fit a sixth of a 360 px screen.
  { label: "Teams", to: "/teammates", Icon: UsersRound },
  { label: "Messages", to: "/messages", Icon: MessageSquare },
];

const tabClasses = ({ isActive }: { isActive: boolean }) =>
  `relative flex min-h-16 flex-col items-center justify-center gap-0.5 text-xs font-medium ${
    isActive ? "text-indigo-700" : "text-slate-600 hover:text-slate-900"
  }`;

/**
 * The phone's bottom tab bar (below 768 px): the six places a student goes most, one thumb away
 * (the profile is in the top bar's menu).
 * Fixed to the foot of the screen above the home indicator (safe area); the `data-tab-bar`
 * attribute makes styles.css reserve its height as `--tab-bar-space`, which the layout's <main>
 * and anything fixed to the bottom of the screen add below themselves.
 */
export function TabBar({ unreadMessages }: { unreadMessages: number }) {
  return (
    <nav
      aria-label="Sections"
      data-tab-bar=""
      className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto grid max-w-lg grid-cols-6 px-[env(safe-area-inset-left)]">
        {tabs().map(({ label, to, Icon }) => {
          const isMessages = to === "/messages";
          return (
            <li key={to}>
              <NavLink
                to={to}
                // Only the page itself: an event's own page is not the list.
                end
                aria-label={isMessages ? unreadLabel(label, unreadMessages) : undefined}
                className={tabClasses}
              >
                <span className="relative">
                  <Icon aria-hidden className="size-6" />
                  {isMessages ? (
                    <CountBadge count={unreadMessages} className="absolute -top-1.5 left-3.5" />
                  ) : null}
                </span>
                {label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
