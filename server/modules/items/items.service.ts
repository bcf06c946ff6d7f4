import { ADMIN_MESSAGES } from "@shared/api/admin";
import type { BrowseResponse, FavouritesResponse, ItemDetailResponse, ItemInput } from "@shared/api/items";
import { PAGE_SIZE } from "@shared/constants";
import { LISTING_TEXTS, MAX_ACTIVE_LISTINGS } from "@shared/listing-texts";
import { SELL_MESSAGES } from "@shared/validation/sell";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { lockUser } from "../../db/locks";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { transactionWithEvents } from "../../realtime/transaction";
import { recordAudit } from "../admin/audit.service";
import { addNotification } from "../notifications/notifications.service";
import { isEitherBlocked } from "../trust/blocks.service";
import { chattingWith } from "../trust/privacy.service";
import { findUpload, keyOfFileUrl, releaseImage } from "../uploads/uploads.service";
import { isCollegeVerified } from "../verification/verification.policy";
import { type BrowseFilters, browseItems } from "./browse.repository";
import { toItemDto, toItemSummaryDto } from "./items.mapper";
import {
  canDeleteItem,
  canEditItem,
  canFavouriteItem,
  canRemoveItem,
  canRenewItem,
  isItemSeller,
  isRenewalDue,
} from "./items.policy";
import * as repo from "./items.repository";

const itemNotFound = () => new AppError("not_found", SELL_MESSAGES.notFound);
const notYourItem = () => new AppError("forbidden", SELL_MESSAGES.notYourItem);

/** An item with its seller, or the 404 the items' routes answer. */
export async function loadItem(ctx: AppContext, id: string) {
  const row = await repo.findItem(ctx.db, id);
  if (!row) throw itemNotFound();
  return row;
}

/** Items for sale, whatever their seller's state (the admin panel's count). */
export function countActiveItems(ctx: AppContext): Promise<number> {
  return repo.countActiveItems(ctx.db);
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

/** Cards of items, as a browse or favourites page shows them. */
async function toItemSummaryDtos(ctx: AppContext, viewer: UserRow, rows: repo.ItemWithSeller[]) {
  const chatting = await chattingSellers(ctx, viewer, rows);
  return rows.map((row) => toItemSummaryDto(row, viewer, chatting));
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

/** The item's photos in order, the cover first: `images`, or the one `productImage`. */
function photosOf(input: ItemInput): string[] {
  return input.images ?? [input.productImage];
}

/** Every photo must be one the seller uploaded, or one the item already shows. */
async function assertUsableImages(ctx: AppContext, user: UserRow, urls: string[], current: string[] = []) {
  for (const url of urls) {
    await assertUsableImage(ctx, user, url, current.includes(url) ? url : undefined);
  }
}

/** Deletes the files of photos an item no longer shows (unless something else still does). */
export async function releaseImages(ctx: AppContext, urls: string[]): Promise<void> {
  for (const url of new Set(urls)) await releaseImage(ctx, "images", url);
}

/**
 * Runs `write` (which makes one more active listing of the user's) only while the user is under the
 * cap. The user's row is locked first, so parallel posts of one student are counted one after the
 * other and cannot all pass at 49.
 */
async function underListingCap<T>(ctx: AppContext, user: UserRow, write: (db: Db) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    if ((await repo.countActiveOfSeller(tx, user.id)) >= MAX_ACTIVE_LISTINGS) {
      throw new AppError("conflict", LISTING_TEXTS.activeCap);
    }
    return write(tx);
  });
}

function columnsOf(input: ItemInput, photos = photosOf(input)) {
  return {
    productName: input.productName.trim(),
    type: input.type.trim(),
    price: input.price,
    category: input.category,
    condition: input.condition,
    description: input.description.trim(),
    showMobileNumber: input.showMobileNumber,
    productImage: photos[0] ?? input.productImage,
    images: photos,
    isNegotiable: input.isNegotiable,
  };
}

export async function createItem(ctx: AppContext, user: UserRow, input: ItemInput) {
  await assertUsableImages(ctx, user, photosOf(input));
  const id = await underListingCap(ctx, user, (db) => repo.insertItem(db, user.id, columnsOf(input)));
  return toItemDto(await loadItem(ctx, id), user);
}

export async function updateItem(ctx: AppContext, user: UserRow, id: string, input: ItemInput) {
  const { item } = await loadItem(ctx, id);
  if (!canEditItem(user, item)) {
    if (!isItemSeller(user, item)) throw notYourItem();
    throw new AppError("conflict", "A sold item can no longer be edited.");
  }
  const before = item.images.length > 0 ? item.images : [item.productImage];
  // A client that knows only the spec's one `productImage` changes the cover and keeps the rest.
  const photos = input.images ?? [
    input.productImage,
    ...before.slice(1).filter((url) => url !== input.productImage),
  ];
  await assertUsableImages(ctx, user, photos, before);
  await repo.updateItem(ctx.db, id, columnsOf(input, photos));
  await releaseImages(
    ctx,
    before.filter((url) => !photos.includes(url)),
  );
  if (input.price < item.price) await notifyPriceDrop(ctx, item, input.price);
  return toItemDto(await loadItem(ctx, id), user);
}

/**
 * Tells everyone who saved the item that its price went down: at most once a day per item (a
 * second cut the same day goes unannounced).
 */
async function notifyPriceDrop(
  ctx: AppContext,
  item: { id: string; sellerId: string; productName: string; price: number },
  price: number,
): Promise<void> {
  const favouriters = await repo.findFavouritersOf(ctx.db, item.id, item.sellerId);
  if (favouriters.length === 0) return;
  await transactionWithEvents(ctx, async (tx, emit) => {
    if (!(await repo.claimPriceDropNotice(tx, item.id, new Date()))) return;
    for (const userId of favouriters) {
      await addNotification(tx, emit, {
        userId,
        type: "listing",
        text: LISTING_TEXTS.priceDropped(item.productName, price, item.price),
        itemId: item.id,
      });
    }
  });
}

/** The seller puts an active or expired listing back on the marketplace as fresh, for 30 days. */
export async function renewItem(ctx: AppContext, user: UserRow, id: string) {
  const { item } = await loadItem(ctx, id);
  if (!canRenewItem(user, item)) {
    if (!isItemSeller(user, item)) throw notYourItem();
    if (!item.isSold && !isRenewalDue(item)) throw new AppError("conflict", LISTING_TEXTS.notDue);
    throw new AppError("conflict", LISTING_TEXTS.notExpiring);
  }
  if (item.isActive) await repo.renewItem(ctx.db, id, new Date());
  else await underListingCap(ctx, user, (db) => repo.renewItem(db, id, new Date()));
  return toItemDto(await loadItem(ctx, id), user);
}

export async function deleteItem(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const { item } = await loadItem(ctx, id);
  if (!canDeleteItem(user, item)) throw notYourItem();
  await repo.deleteItem(ctx.db, id);
  // A removed post's pictures are no longer public.
  await releaseImages(ctx, [item.productImage, ...item.images]);
}

/**
 * Deletes a listing inside the caller's transaction, for a moderator's removal of a reported one
 * (the caller checked the moderator, tells the seller and releases the images).
 */
export function deleteReportedItem(tx: Db, id: string) {
  return repo.deleteItem(tx, id);
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
      isVerified: isCollegeVerified(seller),
      isEmailConfirmed: seller.emailVerified,
      followers,
    },
    isFavourite,
  };
}

export async function setFavourite(ctx: AppContext, user: UserRow, id: string, isOn: boolean): Promise<void> {
  const { item } = await loadVisibleItem(ctx, user, id);
  // Removing stays allowed, so an old favourite of one's own can still be cleared.
  if (isOn && !canFavouriteItem(user, item))
    throw new AppError("forbidden", "You cannot save your own item.");
  await repo.setFavourite(ctx.db, user.id, id, isOn);
}

export async function browse(
  ctx: AppContext,
  viewer: UserRow,
  filters: Omit<BrowseFilters, "viewerId">,
): Promise<BrowseResponse> {
  const { rows, total } = await browseItems(ctx.db, { ...filters, viewerId: viewer.id }, ctx.browseCounts);
  return {
    items: await toItemSummaryDtos(ctx, viewer, rows),
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
    items: await toItemSummaryDtos(ctx, viewer, rows),
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
  await releaseImages(ctx, [item.productImage, ...item.images]);
}
