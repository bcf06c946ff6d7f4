import Menu from "lucide-react/icons/menu";
import X from "lucide-react/icons/x";
import { useCallback, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useDismiss } from "../../components/ui/use-dismiss";
import type { UnreadCounts } from "../../features/notifications/hooks";
import { useMenuBackToClose } from "../../lib/back-to-close";
import { CountBadge, unreadLabel } from "./count-badge";
import { navIconButton } from "./nav-styles";

interface MobileMenuProps {
  userName: string;
  counts: UnreadCounts;
  onLogout: () => void;
}

const entryClasses =
  "flex min-h-11 w-full items-center justify-between rounded-lg px-3 text-left text-base font-medium text-slate-800 hover:bg-slate-100";

/**
 * The small-screen menu: Notifications, Messages, Profile, Logout (the spec leaves Settings out;
 * /profile links to it). Its button shows the unread total and says it: 'Menu, 3 unread'.
 */
export function MobileMenu({ userName, counts, onLogout }: MobileMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(isOpen, containerRef, close, buttonRef);
  // Back (Android's or the browser's) closes the open menu before it leaves the page.
  const { isShown, leaveByLink } = useMenuBackToClose(isOpen, close);
  // The browser's install offer (web/pwa/register.ts), read as the menu opens (opening draws it);
  // none while the server draws the page's first screen.
  const onInstall = typeof window === "undefined" ? undefined : window.installApp;
  const closeThen = (action: () => void) => () => {
    close();
    action();
  };

  return (
    <div ref={containerRef} className="ml-auto md:hidden">
      <button
        ref={buttonRef}
        type="button"
        // The unread total (notifications, messages among them) shows on the button itself.
        aria-label={unreadLabel("Menu", counts.notifications)}
        aria-expanded={isShown}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className={navIconButton}
      >
        {isShown ? <X className="size-6" /> : <Menu className="size-6" />}
        <CountBadge count={counts.notifications} className="absolute -top-0.5 -right-0.5" />
      </button>
      <div
        id={panelId}
        hidden={!isShown}
        className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 py-3 shadow-md"
      >
        <p className="truncate px-3 pb-2 text-sm text-slate-600">
          Signed in as <span className="font-semibold text-slate-900">{userName}</span>
        </p>
        <ul className="space-y-1">
          <li>
            <Link
              to="/notifications"
              aria-label={unreadLabel("Notifications", counts.notifications)}
              onClick={leaveByLink}
              className={entryClasses}
            >
              Notifications
              <CountBadge count={counts.notifications} />
            </Link>
          </li>
          <li>
            <Link
              to="/messages"
              aria-label={unreadLabel("Messages", counts.messages)}
              onClick={leaveByLink}
              className={entryClasses}
            >
              Messages
              <CountBadge count={counts.messages} />
            </Link>
          </li>
          <li>
            <Link to="/profile" onClick={leaveByLink} className={entryClasses}>
              Profile
            </Link>
          </li>
          {onInstall && (
            <li>
              <button type="button" onClick={closeThen(onInstall)} className={entryClasses}>
                Install app
              </button>
            </li>
          )}
          <li>
            <button type="button" onClick={closeThen(onLogout)} className={entryClasses}>
              Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
