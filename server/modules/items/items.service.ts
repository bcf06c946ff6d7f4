import { ADMIN_MESSAGES } from "@shared/api/admin";
import type { BrowseResponse, FavouritesResponse, ItemDetailResponse, ItemInput } from "@shared/api/items";
import { PAGE_SIZE } from "@shared/constants";
import { SELL_MESSAGES } from "@shared/validation/sell";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { transactionWithEvents } from "../../realtime/transaction";
import { recordAudit } from "../admin/audit.repository";
import { isEitherBlocked } from "../blocks/blocks.service";
import { addNotification } from "../notifications/notifications.service";
import { chattingWith } from "../privacy/privacy.service";
import { findUpload, keyOfFileUrl, releaseImage } from "../uploads/uploads.service";
import { toItemDto } from "./items.mapper";
import { canDeleteItem, canEditItem, canMarkItemSold, canRemoveItem, isItemSeller } from "./items.policy";
import * as repo from "./items.repository";

const itemNotFound = () => new AppError("not_found", SELL_MESSAGES.notFound);
const notYourItem = () => new AppError("forbidden", SELL_MESSAGES.notYourItem);

async function loadItem(ctx: AppContext, id: string) {
  const row = await repo.findItem(ctx.db, id);
  if (!row) throw itemNotFound();
  return row;
}

/** An item the viewer may see: not one of a student they blocked or who blocked them. */
async function loadVisibleItem(ctx: AppContext, viewer: UserRow, id: string) {
  const row = await loadItem(ctx, id);
  if (row.item.sellerId !== viewer.id && (await isEitherBlocked(ctx.db, viewer.id, row.item.sellerId)))
    throw itemNotFound();
  return row;
}

/**
 * The sellers of these items who show their number on one of them to 'People I'm chatting with'
 * and share a chat with the viewer: the only ones whose number such an item may carry.
 */
export async function chattingSellers(
  ctx: AppContext,
  viewer: UserRow,
  rows: repo.ItemWithSeller[],
): Promise<Set<string>> {
  const asked = rows
    .filter((row) => row.item.showMobileNumber && row.sellerMobileVisibility === "chatting")
    .map((row) => row.item.sellerId);
  return chattingWith(ctx.db, viewer.id, asked);
}

/** Items as the viewer may see them (the sellers' numbers as their privacy allows). */
async function toItemDtos(ctx: AppContext, viewer: UserRow, rows: repo.ItemWithSeller[]) {
  const chatting = await chattingSellers(ctx, viewer, rows);
  return rows.map((row) => toItemDto(row, viewer, chatting));
}

/** An item may show only an image its seller uploaded (or the one it already has). */
async function assertUsableImage(
  ctx: AppContext,
  user: UserRow,
  url: string,
  current?: string,
): Promise<void> {
  if (url === current) return;
  const key = keyOfFileUrl("images", url);
  const upload = key ? await findUpload(ctx.db, "images", key) : undefined;
  if (!upload || upload.ownerId !== user.id) throw new AppError("invalid_input", SELL_MESSAGES.imageRequired);
}

function columnsOf(input: ItemInput) {
  return {
    productName: input.productName.trim(),
    type: input.type.trim(),
    price: input.price,
    category: input.category,
    condition: input.condition,
    description: input.description.trim(),
    showMobileNumber: input.showMobileNumber,
    productImage: input.productImage,
  };
}

export async function createItem(ctx: AppContext, user: UserRow, input: ItemInput) {
  await assertUsableImage(ctx, user, input.productImage);
  const id = await repo.insertItem(ctx.db, user.id, columnsOf(input));
  return toItemDto(await loadItem(ctx, id), user);
}

export async function updateItem(ctx: AppContext, user: UserRow, id: string, input: ItemInput) {
  const { item } = await loadItem(ctx, id);
  if (!canEditItem(user, item)) {
    if (!isItemSeller(user, item)) throw notYourItem();
    throw new AppError("conflict", "A sold item can no longer be edited.");
  }
  await assertUsableImage(ctx, user, input.productImage, item.productImage);
  await repo.updateItem(ctx.db, id, columnsOf(input));
  if (input.productImage !== item.productImage) await releaseImage(ctx, "images", item.productImage);
  return toItemDto(await loadItem(ctx, id), user);
}

export async function markSold(ctx: AppContext, user: UserRow, id: string) {
  const { item } = await loadItem(ctx, id);
  if (!canMarkItemSold(user, item)) {
    if (!isItemSeller(user, item)) throw notYourItem();
    throw new AppError("conflict", "This item is already sold.");
  }
  await repo.markItemSold(ctx.db, id, new Date());
  return toItemDto(await loadItem(ctx, id), user);
}

export async function deleteItem(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const { item } = await loadItem(ctx, id);
  if (!canDeleteItem(user, item)) throw notYourItem();
  await repo.deleteItem(ctx.db, id);
  // A removed post's picture is no longer public.
  await releaseImage(ctx, "images", item.productImage);
}

export async function getItemDetail(ctx: AppContext, user: UserRow, id: string): Promise<ItemDetailResponse> {
  const row = await loadVisibleItem(ctx, user, id);
  const [seller, followers, isFavourite] = await Promise.all([
    repo.findSeller(ctx.db, row.item.sellerId),
    repo.countFollowersOf(ctx.db, row.item.sellerId),
    repo.isFavourite(ctx.db, user.id, id),
  ]);
  if (!seller) throw itemNotFound();
  return {
    item: (await toItemDtos(ctx, user, [row]))[0] ?? toItemDto(row, user),
    seller: {
      id: seller.id,
      name: seller.name,
      college: seller.college,
      isVerified: seller.emailVerified,
      followers,
    },
    isFavourite,
  };
}

export async function setFavourite(ctx: AppContext, user: UserRow, id: string, isOn: boolean): Promise<void> {
  await loadVisibleItem(ctx, user, id);
  await repo.setFavourite(ctx.db, user.id, id, isOn);
}

export async function browse(
  ctx: AppContext,
  viewer: UserRow,
  filters: Omit<repo.BrowseFilters, "viewerId">,
): Promise<BrowseResponse> {
  const { rows, total } = await repo.browseItems(ctx.db, { ...filters, viewerId: viewer.id });
  return {
    items: await toItemDtos(ctx, viewer, rows),
    total,
    page: filters.page,
    pageSize: PAGE_SIZE,
    totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}

/** The viewer's saved items, a page at a time: only their own favourites can be read. */
export async function listFavourites(
  ctx: AppContext,
  viewer: UserRow,
  page: number,
): Promise<FavouritesResponse> {
  const { rows, total } = await repo.findFavouritesPage(ctx.db, viewer.id, page);
  return {
    items: await toItemDtos(ctx, viewer, rows),
    total,
    page,
    pageSize: PAGE_SIZE,
    totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}

export async function listOwnItems(ctx: AppContext, user: UserRow) {
  return (await repo.findItemsOfSeller(ctx.db, user.id)).map((row) => toItemDto(row, user));
}

/** Every active item of the marketplace, newest first, a page at a time (the admin panel's list). */
export async function listActiveItems(ctx: AppContext, viewer: UserRow, page: number, pageSize = 50) {
  if (!canRemoveItem(viewer)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
  const { rows, total } = await repo.findActiveItemsPage(ctx.db, page, pageSize);
  return { items: rows.map((row) => toItemDto(row, viewer, "admin")), total };
}

/** The administrator removes a post for breaking the rules and tells its seller, in one transaction. */
export async function removeItem(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  if (!canRemoveItem(admin)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
  const item = await transactionWithEvents(ctx, async (tx, emit) => {
    const item = await repo.deleteItem(tx, id);
    if (!item) throw new AppError("not_found", "Item not found");
    await addNotification(tx, emit, {
      userId: item.sellerId,
      type: "admin",
      text: ADMIN_MESSAGES.postRemovedNotice(item.productName),
      itemId: item.id,
    });
    await recordAudit(
      tx,
      admin,
      "item.delete",
      { type: "item", id },
      { productName: item.productName, sellerId: item.sellerId },
    );
    return item;
  });
  await releaseImage(ctx, "images", item.productImage);
}
