import { variantUrl } from "@shared/images";
import { Suspense, useState } from "react";
import { ImageUnavailable } from "../../../components/item-card/item-thumbnail";
import { usePhotoSources } from "../../../components/item-card/use-photo-sources";
import { lazyWhenOnline } from "../../../lib/import-when-online";

// The gallery (swipe, arrows, thumbnails, counter) loads for items with several photos, after the
// cover is on screen; the full-screen view loads when a photo is opened.
const ItemGallery = lazyWhenOnline(() =>
  import("./item-gallery").then((module) => ({ default: module.ItemGallery })),
);
const GalleryFullscreen = lazyWhenOnline(() =>
  import("./gallery-fullscreen").then((module) => ({ default: module.GalleryFullscreen })),
);

/** The item page's photos: the cover at once, then the gallery when there are several. */
export function ItemPhotos({ images, name }: { images: string[]; name: string }) {
  const cover = <CoverPicture images={images} name={name} />;
  if (images.length < 2) return cover;
  return (
    <Suspense fallback={cover}>
      <ItemGallery images={images} name={name} />
    </Suspense>
  );
}

/**
 * The cover at the item page's size, else the original as uploaded; if neither loads, the same
 * placeholder the browse cards use, until the connection is back if it failed offline. A tap opens
 * it full screen.
 */
function CoverPicture({ images, name }: { images: string[]; name: string }) {
  const url = images[0] ?? "";
  const photo = usePhotoSources([variantUrl(url, "detail"), url]);
  const [isFullscreen, setIsFullscreen] = useState(false);
  return (
    <div className="relative aspect-square w-full overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 md:sticky md:top-20 md:self-start">
      {photo.src ? (
        <button
          type="button"
          onClick={() => setIsFullscreen(true)}
          aria-label={`Open the photo of ${name} full screen`}
          className="size-full cursor-zoom-in"
        >
          <img
            key={photo.key}
            src={photo.src}
            alt={name}
            onError={photo.handleError}
            className="size-full object-contain"
          />
        </button>
      ) : (
        <ImageUnavailable />
      )}
      {isFullscreen ? (
        <Suspense fallback={null}>
          <GalleryFullscreen images={images} name={name} startAt={0} onClose={() => setIsFullscreen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
