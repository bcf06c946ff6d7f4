import { type RefObject, useEffect } from "react";

/**
 * Keeps a full-screen element exactly over the visible part of the page: when a phone's keyboard
 * opens, most browsers shrink only the visual viewport, so an element sized to the screen would
 * have its bottom (the message box) under the keyboard. Sets --viewport-height and --viewport-top
 * on the element from window.visualViewport; CSS falls back to 100dvh where it is missing.
 */
export function useVisualViewportBox(ref: RefObject<HTMLElement | null>, isActive: boolean): void {
  useEffect(() => {
    const element = ref.current;
    const viewport = window.visualViewport;
    if (!element || !viewport || !isActive) return;
    const update = () => {
      element.style.setProperty("--viewport-height", `${viewport.height}px`);
      element.style.setProperty("--viewport-top", `${viewport.offsetTop}px`);
    };
    update();
    viewport.addEventListener("resize", update);
    viewport.addEventListener("scroll", update);
    return () => {
      viewport.removeEventListener("resize", update);
      viewport.removeEventListener("scroll", update);
      element.style.removeProperty("--viewport-height");
      element.style.removeProperty("--viewport-top");
    };
  }, [ref, isActive]);
}
