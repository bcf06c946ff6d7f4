import { useId, useLayoutEffect, useRef, useState } from "react";

/** Lines a long text shows before 'Read more'. */
export const READ_MORE_LINES = 6;
/** Where layout cannot be measured, a text this long or with this many lines counts as long. */
const LONG_TEXT_CHARACTERS = 320;

/** Whether the text, as laid out, runs past its clamp (or looks long where nothing is laid out). */
function isCutShort(element: HTMLElement, text: string): boolean {
  if (element.clientHeight > 0) return element.scrollHeight > element.clientHeight + 1;
  return text.length > LONG_TEXT_CHARACTERS || text.split("\n").length > READ_MORE_LINES;
}

/**
 * A long description (an event's, a recruitment post's) shown as its first six lines with 'Read
 * more', which unfolds the rest in place ('Show less' folds it again). A short one shows whole,
 * without the button.
 */
export function ReadMore({ text, className = "" }: { text: string; className?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [isLong, setIsLong] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || isOpen) return;
    const measure = () => setIsLong(isCutShort(element, text));
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, isOpen]);

  return (
    <div>
      <p
        ref={ref}
        id={id}
        className={`break-words whitespace-pre-line ${isOpen ? "" : "line-clamp-6"} ${className}`}
      >
        {text}
      </p>
      {isLong || isOpen ? (
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={id}
          onClick={() => setIsOpen((open) => !open)}
          className="mt-1 inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 underline underline-offset-2"
        >
          {isOpen ? "Show less" : "Read more"}
        </button>
      ) : null}
    </div>
  );
}
