import { Suspense, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { type PostedItem, postedItemOf } from "../item-live";

// Loaded only when a student arrives from posting an item.
const ItemLiveDialog = lazyWhenOnline(() =>
  import("./item-live-dialog").then((module) => ({ default: module.ItemLiveDialog })),
);

const CARD_WAIT_MS = 5000;

/** Brings the new item's card into view and gives it the focus, once the list shows it. */
function revealCard(itemId: string): void {
  const selector = `main a[href="/item/${CSS.escape(encodeURIComponent(itemId))}"]`;
  const until = Date.now() + CARD_WAIT_MS;
  const look = () => {
    // The card's link, not the closing dialog's 'View listing'.
    const link = [...document.querySelectorAll<HTMLElement>(selector)].find((a) => !a.closest("dialog"));
    if (!link) {
      if (Date.now() < until) window.setTimeout(look, 100);
      return;
    }
    const card = link.closest("article") ?? link;
    // Above the phone's tab bar, not behind it.
    card.style.scrollMarginBottom = "var(--tab-bar-space)";
    card.scrollIntoView({ block: "nearest" });
    link.focus({ preventScroll: true });
  };
  // After the dialog has gone, with the focus it hands back.
  window.setTimeout(look);
}

/**
 * On /buy right after 'Post Item for Sale': the page starts at the top (not where the Sell form
 * was scrolled to) and says 'Your item is live!'; closing that shows the new item, first in the
 * list. Shown once: the state is dropped from the history entry, so a reload or Back does not
 * show it again.
 */
export function ItemLiveNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const [posted, setPosted] = useState<PostedItem | null>(null);

  useEffect(() => {
    const item = postedItemOf(location.state);
    if (!item) return;
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
    window.scrollTo({ top: 0 });
    setPosted(item);
  }, [location, navigate]);

  if (!posted) return null;
  return (
    <Suspense fallback={null}>
      <ItemLiveDialog
        item={posted}
        onClose={() => {
          setPosted(null);
          revealCard(posted.id);
        }}
      />
    </Suspense>
  );
}
