import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useMenuBackToClose } from "../../lib/back-to-close";
import { useDismiss } from "./use-dismiss";

/** A menu entry: a link (`to`) or an action (`onSelect`). */
export type MenuItem =
  | { label: string; to: string; onSelect?: never }
  | { label: string; onSelect: () => void; to?: never };

interface MenuProps {
  /**
   * Accessible name of the button, when its content alone does not say what it opens. It must
   * contain the button's visible text (WCAG 2.5.3). Without it the button is named by its content.
   */
  label?: string;
  /** What the button shows. */
  trigger: ReactNode;
  /** The entries; a function is read each time the menu draws (opening it draws it), for entries that come and go. */
  items: MenuItem[] | (() => MenuItem[]);
  triggerClassName?: string;
  /** Classes of the open list; by default it hangs under the button, right-aligned. */
  menuClassName?: string;
}

const itemClasses =
  "block w-full px-4 py-2.5 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus-visible:-outline-offset-2";

/**
 * The ARIA menu button: Enter, Space or ArrowDown open at the first item, ArrowUp at the last;
 * arrows, Home and End move; Enter and Space activate; Escape closes and focus returns to the
 * button; Tab closes and moves on; a click outside closes.
 */
export function Menu({
  label,
  trigger,
  items,
  triggerClassName = "",
  menuClassName = "absolute right-0 z-30 mt-2 w-48 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg",
}: MenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  // Which item gets focus when the menu opens: first or last (ArrowUp opens at the end).
  const [initialFocus, setInitialFocus] = useState<"first" | "last">("first");
  const menuId = useId();
  const buttonId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(isOpen, containerRef, close, buttonRef);
  // Back (Android's or the browser's) closes the open menu before it leaves the page.
  const { isShown, leaveByLink } = useMenuBackToClose(isOpen, close);

  const menuItems = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!isOpen) return;
    const all = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    (initialFocus === "first" ? all[0] : all[all.length - 1])?.focus();
  }, [isOpen, initialFocus]);

  function open(at: "first" | "last") {
    setInitialFocus(at);
    setIsOpen(true);
  }

  function handleButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      open(event.key === "ArrowDown" ? "first" : "last");
    }
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = menuItems();
    const current = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => all[(index + all.length) % all.length]?.focus();
    if (event.key === "ArrowDown") focusAt(current + 1);
    else if (event.key === "ArrowUp") focusAt(current - 1);
    else if (event.key === "Home") focusAt(0);
    else if (event.key === "End") focusAt(all.length - 1);
    else if (event.key === " " && document.activeElement instanceof HTMLAnchorElement) {
      // Space activates a link item as it does a button item.
      document.activeElement.click();
    } else if (event.key === "Tab") {
      close();
      return;
    } else return;
    event.preventDefault();
  }

  function handleSelect(item: MenuItem) {
    close();
    buttonRef.current?.focus();
    item.onSelect?.();
  }

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={isShown}
        aria-controls={isShown ? menuId : undefined}
        onClick={() => (isOpen ? close() : open("first"))}
        onKeyDown={handleButtonKeyDown}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {isShown ? (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={handleMenuKeyDown}
          className={menuClassName}
        >
          {(typeof items === "function" ? items() : items).map((item) =>
            item.to !== undefined ? (
              <Link
                key={item.label}
                role="menuitem"
                tabIndex={-1}
                to={item.to}
                onClick={leaveByLink}
                className={itemClasses}
              >
                {item.label}
              </Link>
            ) : (
              <button
                key={item.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => handleSelect(item)}
                className={itemClasses}
              >
                {item.label}
              </button>
            ),
          )}
        </div>
      ) : null}
    </div>
  );
}
