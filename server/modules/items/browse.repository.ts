import type { BrowseSort } from "@shared/api/items";
import type { PublicItem } from "@shared/api/listings";
import { CAMPUS_TIME_ZONE, type Category, type Condition, PAGE_SIZE } from "@shared/constants";
import { and, asc, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Db } from "../../db/client";
import { colleges, itemSearchText, items, userBlocks, users } from "../../db/schema";
import { likePattern } from "../../lib/like-pattern";
import { type ItemWithSeller, itemWithSeller, sellerIsPresent } from "./items.repository";
import type { SearchTerms, SearchWord } from "./search-terms";

export interface BrowseFilters {
  search?: string;
  /**
   * The search read into words and the forms each may take (search-terms.ts, typos resolved by the
   * service); without them the search matches as typed.
   */
  terms?: SearchTerms;
  category: "all" | Category;
  college?: string;
  /** Every college of this city (the directory's city name). */
  city?: string;
  /** Leaves out this college (the sections below a college's own results). */
  exceptCollege?: string;
  /** Leaves out every college of this city ('Across India' after 'More in {city}'). */
  exceptCity?: string;
  /** Price bounds in rupees, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  condition?: Condition;
  /** 'best-match': the search's best matches first, newest first among equals (a search, no sort chosen). */
  sort: BrowseSort;
  /** 'Hide reserved' ("true" from the query string). */
  hideReserved?: "true" | boolean;
  /** 'Verified sellers only' ("true" from the query string): sellers verified by their college. */
  verifiedOnly?: "true" | boolean;
  page: number;
  /** The student browsing: the listings of anyone they blocked or who blocked them are left out. */
  viewerId: string;
}

/**
 * Counts of matches kept a few seconds, shared by every viewer of an instance: the part of 'N
 * item(s) found' that does not depend on who asks. Only counts of at least `minMatches` are kept;
 * smaller ones are cheap and always exact.
 */
export class BrowseCountCache {
  private readonly cache: LRUCache<string, number>;

  constructor(
    seconds: number,
    readonly minMatches: number,
  ) {
    this.cache = new LRUCache({ max: 10_000, ttl: Math.max(1, seconds) * 1000 });
  }

  get(key: string): number | undefined {
    return this.cache.get(key);
  }

  keep(key: string, count: number): void {
    if (count >= this.minMatches) this.cache.set(key, count);
  }
}

/** True while the seller's holiday mode covers today, in India's calendar. */
const sellerOnHoliday = sql`(${users.holidayActive} and (now() at time zone ${CAMPUS_TIME_ZONE})::date between ${users.holidayFrom} and ${users.holidayTo})`;

/** The seller's account is there, not suspended and not on holiday: their items show in browse. */
const sellerIsShown = and(sellerIsPresent, sql`not coalesce(${sellerOnHoliday}, false)`);

/**
 * What anyone may see of an item without signing in (the teaser and its link preview), while it is
 * for sale and browse would show it: its seller's account is there, not suspended, not on holiday.
 */
export async function findPublicItem(db: Db, id: string): Promise<PublicItem | undefined> {
  const [row] = await db
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
    .where(and(eq(items.id, id), eq(items.isActive, true), sellerIsShown))
    .limit(1);
  return row;
}

/**
 * The sellers browse may hide, found through users_maybe_hidden_idx (whose predicate this repeats),
 * and hidden today.
 */
const sellerIsHidden = sql`(${users.deletedAt} is not null or ${users.holidayActive} or ${users.suspendedAt} is not null)
  and not (${sellerIsShown})`;

// The columns are never null; the nulls' place is spelled out only to match the indexes' order
// (Drizzle's descending index columns put nulls last), so the planner reads a page off an index
// instead of sorting every match.
const newestFirst = [sql`${items.createdAt} desc nulls last`, sql`${items.id} desc nulls last`];
const ORDER: Record<BrowseSort, SQL[]> = {
  "best-match": newestFirst,
  newest: newestFirst,
  oldest: [sql`${items.createdAt} asc nulls first`, sql`${items.id} asc nulls first`],
  "price-low": [asc(items.price), ...newestFirst],
  "price-high": [desc(items.price), ...newestFirst],
};

/** The ids of the users the viewer blocked or was blocked by. */
const blockedEitherWay = (viewerId: string) =>
  sql`select blocked_id from ${userBlocks} where blocker_id = ${viewerId}
    union select blocker_id from ${userBlocks} where blocked_id = ${viewerId}`;

/**
 * The text itemSearchText makes, spelled so that the trigram index (built on itemSearchText) does
 * not apply (concat_ws for the index's ||). A search within one college that matches often is read by walking the college's index,
 * which carries the name and type: a page is found within a few hundred entries, while the trigram
 * index's work grows with the whole marketplace ('calculator' is 36,000 items at a million
 * listings). A rare word is left to the trigram index, which finds its few items directly.
 */
const searchTextWithinCollege = sql`search_normal(concat_ws(' ', ${items.productName}, ${items.type}))`;

/** From this many matches a search within a college walks the college's index for its page. */
const COLLEGE_WALK_MIN_MATCHES = 200;

/** The text contains this (normalised) word. */
const contains = (text: SQL, word: string) => sql`${text} like ${likePattern(word)}`;

/**
 * How well an item matches a search, best first (`tiers`), and what every match meets (`any`). The whole
 * search as typed; then every word as typed, in any order; then every word in one of its forms
 * (singular, synonym, typo fixed). A tier that says the same as the one before is left out.
 */
function searchTiers(terms: SearchTerms, text: SQL): { tiers: SQL[]; any: SQL | undefined } {
  const tiers: { key: string; condition: SQL }[] = [];
  const add = (key: string, condition: SQL | undefined) => {
    if (condition && tiers.at(-1)?.key !== key) tiers.push({ key, condition });
  };
  // A word no listing has as typed is looked for only in its other forms, and the tiers that need
  // it as typed are left out (they would match nothing): nothing walks the marketplace for it.
  const formsOf = (word: SearchWord) =>
    word.absent ? word.forms.filter((form) => form !== word.typed) : word.forms;
  // A word with no form left matches nothing (and() would drop an empty or()).
  const any = and(
    ...terms.words.map((word) => or(...formsOf(word).map((form) => contains(text, form))) ?? sql`false`),
  );
  if (terms.words.some((word) => word.absent)) return { tiers: any ? [any] : [], any };
  add(JSON.stringify([[terms.phrase]]), contains(text, terms.phrase));
  add(
    JSON.stringify(terms.words.map((word) => [word.typed])),
    and(...terms.words.map((word) => contains(text, word.typed))),
  );
  // An item here and not above has some word only in another form: said outright, so that a rare
  // form ('kitab' for 'book') is found through the trigram index instead of a walk past every
  // item that has the word as typed.
  const otherForms = terms.words.flatMap((word) => word.forms.filter((form) => form !== word.typed));
  if (otherForms.length > 0)
    add(
      JSON.stringify(terms.words.map((word) => word.forms)),
      and(any, or(...otherForms.map((form) => contains(text, form)))),
    );
  return { tiers: tiers.map((tier) => tier.condition), any };
}

/** What an item must be to match, read from the item alone (its indexes answer it). */
function itemMatches(filters: BrowseFilters, isWalkingCollege = false, tier?: number): SQL | undefined {
  const search = filters.search?.trim();
  const text = isWalkingCollege ? searchTextWithinCollege : itemSearchText(items);
  const tiers = filters.terms ? searchTiers(filters.terms, text) : undefined;
  let searchMatches: SQL | undefined;
  if (tiers && tier !== undefined)
    searchMatches = and(
      tiers.tiers[tier],
      ...tiers.tiers.slice(0, tier).map((better) => sql`not (${better})`),
    );
  else if (tiers) searchMatches = tiers.any;
  else if (search) searchMatches = sql`${text} like lower(${likePattern(search)})`;
  return and(
    eq(items.isActive, true),
    filters.category === "all" ? undefined : eq(items.category, filters.category),
    filters.college ? eq(items.sellerCollege, filters.college) : undefined,
    searchMatches,
    filters.hideReserved
      ? sql`(${items.reservedForId} is null or ${items.reservedUntil} <= now())`
      : undefined,
    // The seller's row by its key (an alias of its own, so an outer join to users is not shadowed).
    filters.verifiedOnly
      ? sql`exists (select 1 from ${users} as verified_seller where verified_seller.id = ${items.sellerId}
          and verified_seller.college_verified_at is not null
          and verified_seller.college_verified_name = verified_seller.college)`
      : undefined,
    filters.city ? sql`${items.sellerCollege} in (${collegesOf(filters.city)})` : undefined,
    filters.exceptCollege ? sql`${items.sellerCollege} <> ${filters.exceptCollege}` : undefined,
    filters.exceptCity ? sql`${items.sellerCollege} not in (${collegesOf(filters.exceptCity)})` : undefined,
    filters.minPrice !== undefined ? sql`${items.price} >= ${filters.minPrice}` : undefined,
    filters.maxPrice !== undefined ? sql`${items.price} <= ${filters.maxPrice}` : undefined,
    filters.condition ? eq(items.condition, filters.condition) : undefined,
  );
}

/** The names of a city's colleges, as items carry them (seller_college). */
const collegesOf = (city: string) =>
  sql`select ${colleges.name} from ${colleges} where ${colleges.city} = ${city}`;

/** The city of a college in the directory; undefined for a college it does not list. */
export async function cityOfCollege(db: Db, college: string): Promise<string | undefined> {
  const [row] = await db
    .select({ city: colleges.city })
    .from(colleges)
    .where(eq(colleges.name, college))
    .orderBy(asc(colleges.city))
    .limit(1);
  return row?.city;
}

/**
 * One page of the marketplace and the number of matches ('N item(s) found'), filtered and sorted in
 * the database.
 *
 * The page walks the index of its order (date, price, college, category) and stops after the
 * page's rows, joining each candidate to its seller; no query reads every match. The count is the
 * matching items (counted from an index where no search is given) less those of the few sellers
 * hidden today (deleted, suspended, on holiday) and of the sellers blocked either way with the
 * viewer. The part that is the same for everyone is kept in `counts` for a few seconds once large.
 */
export async function browseItems(
  db: Db,
  filters: BrowseFilters,
  counts?: BrowseCountCache,
): Promise<{ rows: ItemWithSeller[]; total: number }> {
  const matches = itemMatches(filters);
  const total =
    (await countForEveryone(db, filters, matches, counts)) - (await countBlocked(db, filters, matches));
  const isWalkingCollege =
    Boolean(filters.college && filters.search?.trim()) && total >= COLLEGE_WALK_MIN_MATCHES;
  if (filters.sort === "best-match" && filters.terms)
    return { rows: await bestMatchPage(db, filters, isWalkingCollege), total };
  const pageMatches = isWalkingCollege ? itemMatches(filters, true) : matches;
  const rows = await pageOf(db, filters, pageMatches, PAGE_SIZE, (filters.page - 1) * PAGE_SIZE);
  return { rows, total };
}

/**
 * The newest matches up to `limit`, without a count: a section under a college's short results
 * ('More in {city}', 'Across India').
 */
export async function browseSection(
  db: Db,
  filters: BrowseFilters,
  limit: number,
): Promise<ItemWithSeller[]> {
  return pageOf(db, filters, itemMatches(filters), limit, 0);
}

async function pageOf(
  db: Db,
  filters: BrowseFilters,
  pageMatches: SQL | undefined,
  limit: number,
  offset: number,
): Promise<ItemWithSeller[]> {
  // The page's ids first, read off the index of the order without touching a seller's row: a
  // hidden seller is looked up in the small index of the users who may be hidden, the blocked ones
  // are a short list hashed once (ids are never null, so `not in` means what it says). Only the
  // page's rows are then joined to their sellers, so page 50 costs 600 index entries and probes.
  const pageIds = db
    .select({ id: items.id })
    .from(items)
    .where(and(pageMatches, ...shownToViewer(filters.viewerId)))
    .orderBy(...ORDER[filters.sort])
    .limit(limit)
    .offset(offset);
  return db
    .select(itemWithSeller)
    .from(items)
    .innerJoin(users, eq(users.id, items.sellerId))
    .where(inArray(items.id, pageIds))
    .orderBy(...ORDER[filters.sort]);
}

/** The item's seller is not hidden today, nor blocked either way with the viewer. */
const shownToViewer = (viewerId: string) => [
  sql`not exists (select 1 from ${users} where ${users.id} = ${items.sellerId} and ${sellerIsHidden})`,
  sql`${items.sellerId} not in (${blockedEitherWay(viewerId)})`,
];

/**
 * A page of a search in best-match order: each tier of searchTiers walks the index of the newest
 * first for as many rows as the page needs (offset and page), as a page in date order does, and the
 * tiers are laid end to end. No query reads every match. Only the first tier (the search as typed,
 * where a common word's many matches are) walks a college's index; the others are left to the
 * trigram index, which finds a rare form's few items directly.
 */
async function bestMatchPage(
  db: Db,
  filters: BrowseFilters,
  isWalkingCollege: boolean,
): Promise<ItemWithSeller[]> {
  const tierCount = filters.terms ? searchTiers(filters.terms, itemSearchText(items)).tiers.length : 0;
  if (tierCount === 0) return [];
  const needed = filters.page * PAGE_SIZE;
  const branches = Array.from(
    { length: tierCount },
    (_, tier) => sql`(select ${items.id} as id, ${tier}::int as tier, ${items.createdAt} as created_at
      from ${items}
      where ${and(itemMatches(filters, isWalkingCollege && tier === 0, tier), ...shownToViewer(filters.viewerId))}
      order by ${sql.join(newestFirst, sql`, `)} limit ${needed})`,
  );
  const ranked = await db
    .select({ id: sql<string>`ranked.id` })
    .from(sql`(${sql.join(branches, sql` union all `)}) as ranked`)
    .orderBy(sql`ranked.tier`, sql`ranked.created_at desc`, sql`ranked.id desc`)
    .limit(PAGE_SIZE)
    .offset((filters.page - 1) * PAGE_SIZE);
  const ids = ranked.map((row) => row.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select(itemWithSeller)
    .from(items)
    .innerJoin(users, eq(users.id, items.sellerId))
    .where(inArray(items.id, ids));
  const place = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (place.get(a.item.id) ?? 0) - (place.get(b.item.id) ?? 0));
}

/** The matches anyone sees: matching items less those of sellers hidden today. */
async function countForEveryone(
  db: Db,
  filters: BrowseFilters,
  matches: SQL | undefined,
  counts?: BrowseCountCache,
): Promise<number> {
  const key = JSON.stringify([
    filters.search?.trim().toLowerCase() ?? "",
    filters.category,
    filters.college ?? "",
    Boolean(filters.hideReserved),
    Boolean(filters.verifiedOnly),
    filters.city ?? "",
    filters.exceptCollege ?? "",
    filters.exceptCity ?? "",
    filters.minPrice ?? null,
    filters.maxPrice ?? null,
    filters.condition ?? "",
  ]);
  const kept = counts?.get(key);
  if (kept !== undefined) return kept;
  const [row] = await db
    .select({
      total: sql<number>`(
        (select count(*) from ${items} where ${matches})
        - (select count(*) from ${users} inner join ${items} on ${eq(items.sellerId, users.id)}
           where ${and(sellerIsHidden, matches)})
      )::int`,
    })
    .from(sql`(values (1)) as one (x)`);
  const total = row?.total ?? 0;
  counts?.keep(key, total);
  return total;
}

/** The matches of sellers the viewer blocked or was blocked by (and who are shown to others). */
async function countBlocked(db: Db, filters: BrowseFilters, matches: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(items)
    .innerJoin(users, eq(users.id, items.sellerId))
    .where(and(sql`${items.sellerId} in (${blockedEitherWay(filters.viewerId)})`, matches, sellerIsShown));
  return row?.total ?? 0;
}

/**
 * The newest listings anyone may see ('Fresh on campus' on the landing page), of one city's colleges
 * when given: the teaser's fields only, read off the date index like a browse page.
 */
export async function findFreshPublicItems(
  db: Db,
  city: string | undefined,
  limit: number,
): Promise<PublicItem[]> {
  const ids = db
    .select({ id: items.id })
    .from(items)
    .where(
      and(
        eq(items.isActive, true),
        city ? sql`${items.sellerCollege} in (${collegesOf(city)})` : undefined,
        sql`not exists (select 1 from ${users} where ${users.id} = ${items.sellerId} and ${sellerIsHidden})`,
      ),
    )
    .orderBy(...newestFirst)
    .limit(limit);
  return db
    .select({
      id: items.id,
      productName: items.productName,
      productImage: items.productImage,
      price: items.price,
      condition: items.condition,
      sellerCollege: items.sellerCollege,
    })
    .from(items)
    .where(inArray(items.id, ids))
    .orderBy(...newestFirst);
}

/** The directory's cities, in alphabetical order. */
export async function listCities(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ city: colleges.city }).from(colleges).orderBy(asc(colleges.city));
  return rows.map((row) => row.city);
}
