import { type RefObject, useEffect } from "react";

/**
 * Closes a popup (menu, list, panel) when the pointer goes down outside `container` or Escape is
 * pressed anywhere. Escape hands focus back to `returnFocusTo` so keyboard users are not lost.
 */
export function useDismiss(
  isOpen: boolean,
  container: RefObject<HTMLElement | null>,
  onDismiss: () => void,
  returnFocusTo?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!isOpen) return;
    function handlePointerDown(event: PointerEvent) {
      if (container.current && !container.current.contains(event.target as Node)) onDismiss();
    }
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      event.preventDefault();
      onDismiss();
      returnFocusTo?.current?.focus();
    }
    document.addEventListener("pointerdown", handlePointerDown);
    document.addEventListener("keydown", handleKeyDown);
    return () => {
      document.removeEventListener("pointerdown", handlePointerDown);
      document.removeEventListener("keydown", handleKeyDown);
    };
  }, [isOpen, container, onDismiss, returnFocusTo]);
}
