import type { SavedSearch, SavedSearchInput } from "@shared/api/listings";
import type { Category } from "@shared/constants";
import { LISTING_TEXTS, MAX_SAVED_SEARCHES } from "@shared/listing-texts";
import type { AppContext } from "../../context";
import { lockUser } from "../../db/locks";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { searchTermsFor } from "./browse.service";
import * as repo from "./saved-searches.repository";

const notFound = () => new AppError("not_found", LISTING_TEXTS.savedSearchNotFound);

function toSavedSearchDto(row: repo.SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    search: row.search,
    category: row.category as Category | "all",
    college: row.college,
    newMatches: row.unseenCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A saved search's name when the student gave none: the search, else the category or college. */
function defaultName(input: Required<SavedSearchInput>): string {
  const search = input.search.trim();
  if (search) return search;
  if (input.category !== "all") return input.category;
  return input.college.trim();
}

/**
 * The forms each word of a search may take, as browse reads it now (singular, synonyms, and typo
 * fixes from the marketplace's words): new items are matched against these. Empty for no search.
 */
async function formsOf(ctx: Pick<AppContext, "db">, search: string): Promise<string[][]> {
  const terms = await searchTermsFor(ctx.db, search);
  return terms ? terms.words.map((word) => word.forms) : [];
}

/** Reads the forms of searches saved before they were kept, so their alerts forgive too. */
export async function readFormsOfOlderSearches(ctx: Pick<AppContext, "db">): Promise<void> {
  for (;;) {
    const batch = await repo.findSavedSearchesWithoutForms(ctx.db, 200);
    for (const row of batch) await repo.setSavedSearchForms(ctx.db, row.id, await formsOf(ctx, row.search));
    if (batch.length < 200) return;
  }
}

export async function listSavedSearches(ctx: AppContext, user: UserRow): Promise<SavedSearch[]> {
  return (await repo.findSavedSearchesOf(ctx.db, user.id)).map(toSavedSearchDto);
}

export async function createSavedSearch(
  ctx: AppContext,
  user: UserRow,
  input: Required<SavedSearchInput>,
): Promise<SavedSearch> {
  const searchForms = await formsOf(ctx, input.search);
  // The user's row is locked first, so parallel saves cannot all pass the cap at once.
  const row = await ctx.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    if ((await repo.countSavedSearchesOf(tx, user.id)) >= MAX_SAVED_SEARCHES) {
      throw new AppError("conflict", LISTING_TEXTS.savedSearchCap);
    }
    return repo.insertSavedSearch(tx, {
      userId: user.id,
      name: input.name.trim() || defaultName(input),
      search: input.search.trim(),
      category: input.category,
      college: input.college.trim(),
      searchForms,
    });
  });
  return toSavedSearchDto(row);
}

/** Only its owner sees, opens or deletes a saved search; another's answers as not found. */
async function loadOwn(ctx: AppContext, user: UserRow, id: string) {
  const row = await repo.findSavedSearch(ctx.db, id);
  if (!row || row.userId !== user.id) throw notFound();
  return row;
}

export async function deleteSavedSearch(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  await loadOwn(ctx, user, id);
  await repo.deleteSavedSearch(ctx.db, id, user.id);
}

export async function markSavedSearchSeen(ctx: AppContext, user: UserRow, id: string): Promise<SavedSearch> {
  await loadOwn(ctx, user, id);
  const row = await repo.markSavedSearchSeen(ctx.db, id, user.id);
  if (!row) throw notFound();
  return toSavedSearchDto(row);
}
