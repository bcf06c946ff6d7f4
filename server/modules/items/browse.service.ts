import type { BrowseQuery, BrowseResponse, ItemSummary } from "@shared/api/items";
import { FRESH_LISTINGS_COUNT, type FreshListingsResponse } from "@shared/api/listings";
import { collegeShortName } from "@shared/colleges";
import { PAGE_SIZE } from "@shared/constants";
import { LRUCache } from "lru-cache";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import {
  type BrowseFilters,
  browseItems,
  browseSection,
  cityOfCollege,
  findFreshPublicItems,
  listCities,
} from "./browse.repository";
import { favouriteIdsAmong, type ItemWithSeller } from "./items.repository";
import { toItemSummaryDtos } from "./items.service";
import { knownForms, nearestWords } from "./search.repository";
import { isCheckable, readSearch, type SearchTerms, typoFixes } from "./search-terms";

/**
 * The search's words with their forms, and for a word no listing has ever contained in any of its
 * forms, the marketplace's words one or two typos away ('calculater' reads 'calculator' too).
 */
export async function searchTermsFor(db: Db, search: string | undefined): Promise<SearchTerms | undefined> {
  const terms = readSearch(search);
  if (!terms) return undefined;
  const checkable = terms.words.filter((word) => isCheckable(word.typed));
  const mayBeTypos = terms.words.filter((word) => word.typos > 0);
  const known = await knownForms(db, [
    ...checkable.map((word) => [word.typed]),
    ...mayBeTypos.map((word) => word.forms),
  ]);
  for (const [i, word] of checkable.entries()) word.absent = !known[i];
  for (const [i, word] of mayBeTypos.entries()) {
    if (known[checkable.length + i]) continue;
    const fixes = typoFixes(word, await nearestWords(db, word.typed));
    word.forms = [...new Set([...word.forms, ...fixes])];
  }
  return terms;
}

type BrowseRequest = Omit<BrowseFilters, "viewerId" | "sort" | "terms" | "exceptCollege" | "exceptCity"> & {
  sort?: BrowseQuery["sort"];
};

/** Below this many items in one college, browse goes on with the city's, then India's. */
export const FULL_PAGE = PAGE_SIZE;

export async function browse(
  ctx: AppContext,
  viewer: UserRow,
  filters: BrowseRequest,
): Promise<BrowseResponse> {
  const terms = await searchTermsFor(ctx.db, filters.search);
  // A search is shown best match first unless the student chose an order.
  const sort: BrowseFilters["sort"] = filters.sort ?? (terms ? "best-match" : "newest");
  const own: BrowseFilters = { ...filters, sort, terms, viewerId: viewer.id };
  const { rows, total } = await browseItems(ctx.db, own, ctx.browseCounts);
  const more = total < FULL_PAGE && filters.page === 1 ? await moreBelow(ctx, own) : null;
  const hearts = await favouriteIdsAmong(
    ctx.db,
    viewer.id,
    [...rows, ...(more?.nearby ?? []), ...(more?.india ?? [])].map((row) => row.item.id),
  );
  const cards = (list: ItemWithSeller[]) =>
    toItemSummaryDtos(viewer, list).map((card) => ({ ...card, isFavourite: hearts.has(card.id) }));
  return {
    items: cards(rows),
    total,
    page: filters.page,
    pageSize: PAGE_SIZE,
    totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    more: more ? { city: more.city, nearby: cards(more.nearby), india: cards(more.india) } : null,
  };
}

/**
 * 'More in {city}' (the other colleges of the college's city) and 'Across India' (every other
 * city), newest first under the same filters, together filling at least a page. Only below one
 * college's results; a city filter of its own already says where to look.
 */
async function moreBelow(
  ctx: AppContext,
  filters: BrowseFilters,
): Promise<{ city: string; nearby: ItemWithSeller[]; india: ItemWithSeller[] } | null> {
  if (!filters.college || filters.city) return null;
  const city = await cityOfCollege(ctx.db, filters.college);
  if (!city) return null;
  const section = { ...filters, college: undefined, sort: "newest" as const, page: 1 };
  const nearby = await browseSection(ctx.db, { ...section, city, exceptCollege: filters.college }, FULL_PAGE);
  const india = await browseSection(ctx.db, { ...section, exceptCity: city }, FULL_PAGE);
  return { city, nearby, india };
}

/** How long a 'Fresh on campus' answer is kept: new listings show within this. */
const FRESH_SECONDS = 30;
const freshCaches = new WeakMap<Db, LRUCache<string, FreshListingsResponse>>();

/**
 * 'Fresh on campus' for the landing page: the newest public teasers, of one city when the visitor
 * picked one. Kept for half a minute per city, so a crowd of visitors costs a query a city.
 */
export async function freshListings(
  ctx: Pick<AppContext, "db">,
  rawCity?: string,
): Promise<FreshListingsResponse> {
  let cache = freshCaches.get(ctx.db);
  if (!cache) {
    cache = new LRUCache({ max: 500, ttl: FRESH_SECONDS * 1000 });
    freshCaches.set(ctx.db, cache);
  }
  const key = rawCity ?? "";
  const kept = cache.get(key);
  if (kept) return kept;
  const cities = cache.get("")?.cities ?? (await listCities(ctx.db));
  const city = rawCity ? cities.find((name) => name.toLowerCase() === rawCity.toLowerCase()) : undefined;
  if (rawCity && !city)
    throw new AppError(
      "invalid_input",
      `We have no listings for '${rawCity}' yet: pick a city from the list.`,
    );
  const answer = {
    city: city ?? null,
    items: (await findFreshPublicItems(ctx.db, city, FRESH_LISTINGS_COUNT)).map((item) => ({
      ...item,
      collegeShortName: collegeShortName(item.sellerCollege),
    })),
    cities,
  };
  cache.set(key, answer);
  return answer;
}

/**
 * 'New near you' on a new student's dashboard: the newest listings of their college, then of the
 * other colleges of their city, up to `limit`, with the cards' hearts.
 */
export async function newNearYou(ctx: AppContext, viewer: UserRow, limit: number): Promise<ItemSummary[]> {
  if (!viewer.college) return [];
  const base: BrowseFilters = { category: "all", sort: "newest", page: 1, viewerId: viewer.id };
  const own = await browseSection(ctx.db, { ...base, college: viewer.college }, limit);
  const city = own.length < limit ? await cityOfCollege(ctx.db, viewer.college) : undefined;
  const nearby = city
    ? await browseSection(ctx.db, { ...base, city, exceptCollege: viewer.college }, limit - own.length)
    : [];
  const rows = [...own, ...nearby];
  const hearts = await favouriteIdsAmong(
    ctx.db,
    viewer.id,
    rows.map((row) => row.item.id),
  );
  return toItemSummaryDtos(viewer, rows).map((card) => ({ ...card, isFavourite: hearts.has(card.id) }));
}
