import type { Item, ItemDetailResponse, ItemInput } from "@shared/api/items";
import { LISTING_TEXTS, MAX_ACTIVE_LISTINGS } from "@shared/listing-texts";
import { SELL_MESSAGES } from "@shared/validation/sell";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { lockUser } from "../../db/locks";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { isEitherBlocked } from "../trust/blocks.service";
import { findUpload, keyOfFileUrl, releaseImage } from "../uploads/uploads.service";
import { isCollegeVerified } from "../verification/verification.policy";
import { toItemDto, toItemSummaryDto } from "./items.mapper";

export { toItemDto };

import { canDeleteItem, canEditItem, canRenewItem, isItemSeller, isRenewalDue } from "./items.policy";
import * as repo from "./items.repository";
import { notifyPriceDrop } from "./price-drops.service";

/*
 * An item's own life: post, read, edit, renew, delete, and the seller's list. Its neighbours in
 * this module: browse.service (the marketplace's pages), favourites.service (saving items),
 * price-drops.service (telling those who saved one), saved-searches.service, and
 * moderation.service (the admin's list and removals).
 */

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
export async function loadVisibleItem(ctx: AppContext, viewer: UserRow, id: string) {
  const row = await loadItem(ctx, id);
  if (row.item.sellerId !== viewer.id && (await isEitherBlocked(ctx.db, viewer.id, row.item.sellerId)))
    throw itemNotFound();
  return row;
}

/** Cards of items, as a browse or favourites page shows them (a number only on a ticked item). */
export function toItemSummaryDtos(viewer: UserRow, rows: repo.ItemWithSeller[]) {
  return rows.map((row) => toItemSummaryDto(row, viewer));
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

export async function getItemDetail(ctx: AppContext, user: UserRow, id: string): Promise<ItemDetailResponse> {
  const row = await loadVisibleItem(ctx, user, id);
  const [seller, followers, isFavourite] = await Promise.all([
    repo.findSeller(ctx.db, row.item.sellerId),
    repo.countFollowersOf(ctx.db, row.item.sellerId),
    repo.isFavourite(ctx.db, user.id, id),
  ]);
  if (!seller) throw itemNotFound();
  return {
    item: toItemDto(row, user),
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

export async function listOwnItems(ctx: AppContext, user: UserRow) {
  return (await repo.findItemsOfSeller(ctx.db, user.id)).map((row) => toItemDto(row, user));
}

/**
 * The items on a student's profile, as the viewer sees them: available first (newest first), then
 * sold by most recent sale; none while the seller is suspended.
 */
export async function listProfileItems(ctx: AppContext, viewer: UserRow, sellerId: string): Promise<Item[]> {
  return (await repo.findItemsForProfile(ctx.db, sellerId)).map((row) => toItemDto(row, viewer));
}
