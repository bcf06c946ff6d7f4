import ImageIcon from "lucide-react/icons/image";
import { useLazyImage } from "./use-lazy-image";

interface ItemThumbnailProps {
  url: string;
  alt: string;
  className?: string;
  /** One of the first cards of the list: its picture is asked for at once (useLazyImage). */
  isFirst?: boolean;
}

/** A browse card's picture, loaded lazily with fallbacks (see useLazyImage). */
export function ItemThumbnail({ url, alt, className = "", isFirst = false }: ItemThumbnailProps) {
  const image = useLazyImage(url, isFirst);
  // A first card's picture (asked for as the card is first drawn) shows as it arrives, without the fade in.
  const fadeIn = isFirst
    ? ""
    : `transition-opacity ${image.status === "loaded" ? "opacity-100" : "opacity-0"}`;
  return (
    <div ref={image.containerRef} className={`relative overflow-hidden bg-slate-100 ${className}`}>
      {image.status === "failed" ? (
        <ImageUnavailable />
      ) : (
        <>
          {image.status === "loaded" ? null : (
            <div aria-hidden="true" className="absolute inset-0 bg-slate-200 motion-safe:animate-pulse" />
          )}
          {image.src ? (
            <img
              // A new element per request, so a retry of the same URL makes a fresh request.
              key={image.requests}
              src={image.src}
              alt={alt}
              // A first card's picture is in the page's first full paint (the server names it in the
              // page's head, so it has usually arrived); a later card's may appear a frame after.
              decoding={isFirst ? "sync" : "async"}
              fetchPriority={isFirst ? "high" : undefined}
              onLoad={image.handleLoad}
              onError={image.handleError}
              // Above the grey stand-in, which shows through until the picture has arrived: so too
              // in the first screen the server draws, before the app's code runs.
              className={`relative size-full object-cover ${fadeIn}`}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

export function ImageUnavailable() {
  return (
    <div className="flex size-full flex-col items-center justify-center gap-2 p-3 text-center text-slate-600">
      <ImageIcon className="size-8" />
      <p className="text-sm font-medium">Image Not Available</p>
      <span className="absolute top-2 left-2 rounded-full bg-slate-700/80 px-2 py-0.5 text-xs font-medium text-white">
        Image unavailable
      </span>
    </div>
  );
}
