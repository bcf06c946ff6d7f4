/*
 * The landing page's only script (the page itself is HTML written by the build, see
 * static-landing.tsx): asks the server who is signed in and swaps in the header, the hero's and
 * the closing band's calls to action drawn for them. A failed request shows the signed-out page.
 * A page the server sent already drawn for a visitor (no session cookie) asks nothing.
 */
import type { MeResponse } from "@shared/api/auth";
import { startFreshListings } from "./fresh-listings";
import { NAME_SLOT, type SessionVariant, SIGNED_OUT_PAGE, templateIdOf } from "./session-parts";

type SignedInUser = NonNullable<MeResponse["user"]>;

async function signedInUser(): Promise<SignedInUser | null> {
  try {
    const response = await fetch("/api/auth/me", {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    if (!response.ok) return null;
    return ((await response.json()) as MeResponse).user;
  } catch {
    return null;
  }
}

function showPartsFor(user: SignedInUser | null): void {
  const variant: SessionVariant = user === null ? "signed-out" : user.role === "admin" ? "admin" : "student";
  const template = document.getElementById(templateIdOf(variant));
  if (!(template instanceof HTMLTemplateElement)) return;
  const parts = document.importNode(template.content, true);
  if (user !== null) {
    const texts = document.createTreeWalker(parts, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text !== null; text = texts.nextNode()) {
      if (text.nodeValue === NAME_SLOT) text.nodeValue = user.name;
    }
  }
  for (const part of Array.from(parts.querySelectorAll<HTMLElement>("[data-session-part]"))) {
    document.querySelector(`[data-session-part="${part.dataset.sessionPart}"]`)?.replaceWith(part);
  }
}

if (document.getElementById("root")?.dataset.session !== SIGNED_OUT_PAGE) {
  void signedInUser().then(showPartsFor);
}

// 'Fresh on campus': the newest listings, for everyone.
startFreshListings(document.querySelector<HTMLElement>("[data-fresh]"));

// The app's service worker (vite.config.ts), as the app's pages register it: after load, so the
// landing page is installable and works offline from the first visit.
addEventListener("load", () => {
  navigator.serviceWorker?.register("/sw.js").catch(() => {});
});
