import { variantUrl } from "@shared/images";
import ChevronLeftIcon from "lucide-react/icons/chevron-left";
import ChevronRightIcon from "lucide-react/icons/chevron-right";
import { type KeyboardEvent, Suspense, useRef, useState } from "react";
import { ImageUnavailable } from "../../../components/item-card/item-thumbnail";
import { usePhotoSources } from "../../../components/item-card/use-photo-sources";
import { lazyWhenOnline } from "../../../lib/import-when-online";

// The full-screen view loads when a photo is opened.
const GalleryFullscreen = lazyWhenOnline(() =>
  import("./gallery-fullscreen").then((module) => ({ default: module.GalleryFullscreen })),
);

const arrowButton =
  "absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white disabled:opacity-0 max-md:hidden";

/**
 * The item's photos: swipe on a phone (the strip scrolls and snaps), arrows and thumbnails on a
 * desktop, the counter ('2 / 5'), the arrow keys when focused, and a tap opens the full-screen view.
 */
export function ItemGallery({ images, name }: { images: string[]; name: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [isFullscreen, setIsFullscreen] = useState(false);
  const count = images.length;

  function goTo(next: number) {
    const target = Math.max(0, Math.min(count - 1, next));
    setIndex(target);
    const element = strip.current;
    if (element) element.scrollTo({ left: target * element.clientWidth, behavior: "smooth" });
  }

  function handleScroll() {
    const element = strip.current;
    if (!element || element.clientWidth === 0) return;
    const shown = Math.round(element.scrollLeft / element.clientWidth);
    if (shown !== index) setIndex(Math.max(0, Math.min(count - 1, shown)));
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowRight") goTo(index + 1);
    else if (event.key === "ArrowLeft") goTo(index - 1);
    else if (event.key === "Home") goTo(0);
    else if (event.key === "End") goTo(count - 1);
    else return;
    event.preventDefault();
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Photos of ${name}`}
      className="min-w-0 md:sticky md:top-20 md:self-start"
    >
      <div className="relative">
        {/* A scrolling region the keyboard can reach (axe's scrollable-region-focusable); arrows move it. */}
        <section
          ref={strip}
          onScroll={handleScroll}
          onKeyDown={handleKeyDown}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the strip takes the arrow keys
          tabIndex={0}
          aria-label={`Photo ${index + 1} of ${count}. Use the arrow keys to see the others.`}
          className="flex aspect-square w-full snap-x snap-mandatory overflow-x-auto overflow-y-hidden rounded-2xl border border-slate-200 bg-slate-100 [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {images.map((url, position) => (
            // biome-ignore lint/a11y/useSemanticElements: a carousel slide (WAI-ARIA carousel pattern), not a form group
            <div
              key={url}
              role="group"
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${count}`}
              className="size-full shrink-0 snap-center"
            >
              <button
                type="button"
                onClick={() => {
                  setIndex(position);
                  setIsFullscreen(true);
                }}
                aria-label={`Open photo ${position + 1} of ${count} full screen`}
                tabIndex={position === index ? 0 : -1}
                className="size-full cursor-zoom-in"
              >
                <GalleryPhoto
                  url={url}
                  alt={`${name}, photo ${position + 1} of ${count}`}
                  isFirst={position === 0}
                />
              </button>
            </div>
          ))}
        </section>
        {count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => goTo(index - 1)}
              disabled={index === 0}
              aria-label="Previous photo"
              className={`${arrowButton} left-2`}
            >
              <ChevronLeftIcon className="size-6" />
            </button>
            <button
              type="button"
              onClick={() => goTo(index + 1)}
              disabled={index === count - 1}
              aria-label="Next photo"
              className={`${arrowButton} right-2`}
            >
              <ChevronRightIcon className="size-6" />
            </button>
            <p
              aria-live="polite"
              data-testid="gallery-counter"
              className="absolute right-2 bottom-2 rounded-full bg-slate-900/75 px-3 py-1 text-sm font-medium text-white"
            >
              <span className="sr-only">Photo </span>
              {index + 1} / {count}
            </p>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto max-md:hidden" aria-label="Thumbnails">
          {images.map((url, position) => (
            <li key={url} className="shrink-0">
              <button
                type="button"
                onClick={() => goTo(position)}
                aria-label={`Show photo ${position + 1}`}
                aria-current={position === index ? "true" : undefined}
                className={`block size-16 overflow-hidden rounded-lg border-2 ${
                  position === index ? "border-indigo-600" : "border-transparent"
                }`}
              >
                <img
                  src={variantUrl(url, "thumb")}
                  alt=""
                  loading="lazy"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {isFullscreen ? (
        <Suspense fallback={null}>
          <GalleryFullscreen
            images={images}
            name={name}
            startAt={index}
            onClose={(shown) => {
              setIsFullscreen(false);
              goTo(shown);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/**
 * One photo at the item page's size, else the original as uploaded, else the placeholder (until
 * the connection is back if it failed offline).
 */
function GalleryPhoto({ url, alt, isFirst }: { url: string; alt: string; isFirst: boolean }) {
  const photo = usePhotoSources([variantUrl(url, "detail"), url]);
  if (!photo.src) return <ImageUnavailable />;
  return (
    <img
      key={photo.key}
      src={photo.src}
      alt={alt}
      loading={isFirst ? "eager" : "lazy"}
      draggable={false}
      onError={photo.handleError}
      className="size-full object-contain"
    />
  );
}
