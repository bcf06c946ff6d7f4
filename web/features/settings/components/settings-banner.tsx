import { XIcon } from "lucide-react";
import type { Banner } from "../hooks/use-settings-banner";

const toneClasses = {
  success: "border-green-200 bg-green-50 text-green-800",
  error: "border-red-200 bg-red-50 text-red-800",
};

function BannerBox({ banner, onDismiss }: { banner: Banner; onDismiss: () => void }) {
  return (
    <div
      className={`mt-4 flex items-start gap-3 rounded-lg border py-2 pr-2 pl-4 text-sm shadow-sm ${toneClasses[banner.tone]}`}
    >
      <p className="flex-1 py-1.5">{banner.message}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss message"
        className="grid size-9 shrink-0 place-items-center rounded-md hover:bg-black/5"
      >
        <XIcon className="size-4" />
      </button>
    </div>
  );
}

/**
 * Both live regions stay in the page, empty when idle, because screen readers announce changes
 * to a region they already know more reliably than a region that appears with its text. Sticky
 * under the navigation bar, so a result is seen even from the bottom of the page on a phone.
 */
export function SettingsBanner({ banner, onDismiss }: { banner: Banner | null; onDismiss: () => void }) {
  return (
    <div className="sticky top-20 z-10">
      <div role="status">
        {banner?.tone === "success" ? (
          <BannerBox key={banner.id} banner={banner} onDismiss={onDismiss} />
        ) : null}
      </div>
      <div role="alert">
        {banner?.tone === "error" ? (
          <BannerBox key={banner.id} banner={banner} onDismiss={onDismiss} />
        ) : null}
      </div>
    </div>
  );
}
