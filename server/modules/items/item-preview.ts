import type { PublicItem } from "@shared/api/listings";
import { matchesRoutePattern } from "@shared/app-routes";
import { variantUrl } from "@shared/images";
import { formatRupees } from "@shared/rupees";
import { itemShareTitle } from "@shared/share-links";
import type { AppContext } from "../../context";
import { escapeHtml } from "../../lib/escape-html";
import { findPublicItem } from "./browse.repository";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What anyone may see of an item without signing in: the cover, name, price, condition and the
 * seller's college, while it is for sale and browse shows it (its seller's account is there, not
 * suspended, not on holiday). Never the seller's name or number, nor the description. Undefined
 * for a sold, expired or deleted item, or one browse hides.
 */
export async function publicItem(ctx: Pick<AppContext, "db">, id: string): Promise<PublicItem | undefined> {
  if (!UUID.test(id)) return undefined;
  return findPublicItem(ctx.db, id);
}

const NEUTRAL_TITLE = "Campus Bazaar";
const NEUTRAL_DESCRIPTION =
  "This item is no longer available. Buy and sell second-hand at your college on Campus Bazaar.";

/**
 * The link-preview tags of an item page (Open Graph and Twitter card): '{name} · ₹{price}',
 * '{condition} · {college} · on Campus Bazaar', the cover's 1200x630 copy and the canonical
 * address. A sold, expired or deleted item gets a neutral card. Null for any other page.
 */
export async function itemPreviewPage(
  ctx: Pick<AppContext, "db" | "config">,
  pathname: string,
  isSignedOut: boolean,
): Promise<{ head: string; body: string | null } | null> {
  if (!matchesRoutePattern("/item/:itemId", pathname)) return null;
  const id = pathname.split("/").filter(Boolean)[1] ?? "";
  const origin = new URL(ctx.config.publicUrl).origin;
  const item = await publicItem(ctx, id);
  const canonical = `${origin}/item/${encodeURIComponent(id.toLowerCase())}`;
  const tags: [string, string, string][] = item
    ? [
        ["property", "og:title", itemShareTitle(item.productName, item.price)],
        ["property", "og:description", `${item.condition} · ${item.sellerCollege} · on Campus Bazaar`],
        ["property", "og:image", `${origin}${variantUrl(item.productImage, "og")}`],
        ["property", "og:image:width", "1200"],
        ["property", "og:image:height", "630"],
        ["property", "og:type", "product"],
        ["name", "twitter:card", "summary_large_image"],
      ]
    : [
        ["property", "og:title", NEUTRAL_TITLE],
        ["property", "og:description", NEUTRAL_DESCRIPTION],
        ["property", "og:type", "website"],
        ["name", "twitter:card", "summary"],
      ];
  tags.push(["property", "og:url", canonical], ["property", "og:site_name", "Campus Bazaar"]);
  const title = tags.find(([, name]) => name === "og:title")?.[2] ?? NEUTRAL_TITLE;
  const description = tags.find(([, name]) => name === "og:description")?.[2] ?? NEUTRAL_DESCRIPTION;
  tags.push(["name", "twitter:title", title], ["name", "twitter:description", description]);
  const image = tags.find(([, name]) => name === "og:image")?.[2];
  if (image) tags.push(["name", "twitter:image", image]);
  const head = [
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...tags.map(([kind, name, content]) => `<meta ${kind}="${name}" content="${escapeHtml(content)}" />`),
  ].join("\n    ");
  return { head, body: isSignedOut && item ? teaserBody(item) : null };
}

/**
 * What a signed-out visitor who opens an item link sees, as HTML without the app: the cover, name,
 * price, condition and college, with 'Sign in to contact the seller' and 'Create Free Account'.
 * Both carry the item's address (?from=), where the app goes once the visitor is in.
 */
function teaserBody(item: PublicItem): string {
  const from = encodeURIComponent(`/item/${item.id}`);
  const button =
    "inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold";
  return `<main id="main" tabindex="-1" class="mx-auto w-full max-w-md space-y-4 px-4 py-6">
      <p class="text-lg font-bold text-indigo-700">Campus Bazaar</p>
      <article class="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <img src="${escapeHtml(variantUrl(item.productImage, "detail"))}" alt="${escapeHtml(item.productName)}" class="aspect-square w-full bg-slate-100 object-contain" />
        <div class="space-y-2 p-4">
          <h1 class="text-2xl font-bold break-words text-slate-900">${escapeHtml(item.productName)}</h1>
          <p class="text-3xl font-bold text-indigo-700">${escapeHtml(formatRupees(item.price))}</p>
          <p class="text-slate-700">${escapeHtml(item.condition)} · ${escapeHtml(item.sellerCollege)}</p>
        </div>
      </article>
      <div class="flex flex-col gap-2">
        <a href="/login?from=${from}" class="${button} bg-indigo-700 text-white">Sign in to contact the seller</a>
        <a href="/signup?from=${from}" class="${button} border border-slate-300 bg-white text-slate-800">Create Free Account</a>
      </div>
    </main>`;
}
