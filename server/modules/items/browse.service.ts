import type { BrowseQuery, BrowseResponse } from "@shared/api/items";
import { PAGE_SIZE } from "@shared/constants";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { type BrowseFilters, browseItems } from "./browse.repository";
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

type BrowseRequest = Omit<BrowseFilters, "viewerId" | "sort" | "terms"> & { sort?: BrowseQuery["sort"] };

export async function browse(
  ctx: AppContext,
  viewer: UserRow,
  filters: BrowseRequest,
): Promise<BrowseResponse> {
  const terms = await searchTermsFor(ctx.db, filters.search);
  // A search is shown best match first unless the student chose an order.
  const sort = filters.sort ?? (terms ? "best-match" : "newest");
  const { rows, total } = await browseItems(
    ctx.db,
    { ...filters, sort, terms, viewerId: viewer.id },
    ctx.browseCounts,
  );
  return {
    items: toItemSummaryDtos(viewer, rows),
    total,
    page: filters.page,
    pageSize: PAGE_SIZE,
    totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}
