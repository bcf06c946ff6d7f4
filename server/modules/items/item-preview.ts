import type { PublicItem } from "@shared/api/listings";
import { matchesRoutePattern } from "@shared/app-routes";
import { variantUrl } from "@shared/images";
import { itemShareTitle } from "@shared/share-links";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { isSuspendedSql, items, users } from "../../db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What anyone may see of an item without signing in: the cover, name, price, condition and the
 * seller's college, while it is for sale and its seller's account is there. Never the seller's
 * name or number, nor the description. Undefined for a sold, expired or deleted item.
 */
export async function publicItem(ctx: Pick<AppContext, "db">, id: string): Promise<PublicItem | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await ctx.db
    .select({
      id: items.id,
      productName: items.productName,
      productImage: items.productImage,
      price: items.price,
      condition: items.condition,
      sellerCollege: items.sellerCollege,
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.sellerId))
    .where(
      and(eq(items.id, id), eq(items.isActive, true), isNull(users.deletedAt), sql`not ${isSuspendedSql}`),
    )
    .limit(1);
  return row;
}

/** Text for an HTML attribute or element: the five characters HTML gives meaning escaped. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const NEUTRAL_TITLE = "Campus Bazaar";
const NEUTRAL_DESCRIPTION =
  "This item is no longer available. Buy and sell second-hand at your college on Campus Bazaar.";

/**
 * The link-preview tags of an item page (Open Graph and Twitter card): '{name} · ₹{price}',
 * '{condition} · {college} · on Campus Bazaar', the cover's 1200x630 copy and the canonical
 * address. A sold, expired or deleted item gets a neutral card. Null for any other page.
 */
export async function itemPreviewHead(
  ctx: Pick<AppContext, "db" | "config">,
  pathname: string,
): Promise<string | null> {
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
  return [
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...tags.map(([kind, name, content]) => `<meta ${kind}="${name}" content="${escapeHtml(content)}" />`),
  ].join("\n    ");
}
