import type { BrowseResponse } from "@shared/api/items";
import { PAGE_SIZE } from "@shared/constants";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { type BrowseFilters, browseItems } from "./browse.repository";
import { toItemSummaryDtos } from "./items.service";

export async function browse(
  ctx: AppContext,
  viewer: UserRow,
  filters: Omit<BrowseFilters, "viewerId">,
): Promise<BrowseResponse> {
  const { rows, total } = await browseItems(ctx.db, { ...filters, viewerId: viewer.id }, ctx.browseCounts);
  return {
    items: toItemSummaryDtos(viewer, rows),
    total,
    page: filters.page,
    pageSize: PAGE_SIZE,
    totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}
