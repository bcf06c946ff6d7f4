import type { FavouritesResponse } from "@shared/api/items";
import { PAGE_SIZE } from "@shared/constants";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { canFavouriteItem } from "./items.policy";
import * as repo from "./items.repository";
import { loadVisibleItem, toItemSummaryDtos } from "./items.service";

export async function setFavourite(ctx: AppContext, user: UserRow, id: string, isOn: boolean): Promise<void> {
  const { item } = await loadVisibleItem(ctx, user, id);
  // Removing stays allowed, so an old favourite of one's own can still be cleared.
  if (isOn && !canFavouriteItem(user, item))
    throw new AppError("forbidden", "You cannot save your own item.");
  await repo.setFavourite(ctx.db, user.id, id, isOn);
}

/** The viewer's saved items, a page at a time: only their own favourites can be read. */
export async function listFavourites(
  ctx: AppContext,
  viewer: UserRow,
  page: number,
): Promise<FavouritesResponse> {
  const { rows, total } = await repo.findFavouritesPage(ctx.db, viewer.id, page);
  return {
    // Every card here is a favourite: its heart shows filled.
    items: toItemSummaryDtos(viewer, rows).map((item) => ({ ...item, isFavourite: true })),
    total,
    page,
    pageSize: PAGE_SIZE,
    totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}
