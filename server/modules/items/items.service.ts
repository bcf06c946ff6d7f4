import type { BrowseResponse, ItemDetailResponse, ItemInput } from "@shared/api/items";
import { PAGE_SIZE } from "@shared/constants";
import { SELL_MESSAGES } from "@shared/validation/sell";
import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { items, type UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { findUpload, keyOfFileUrl, releaseImage } from "../uploads/uploads.service";
import { toItemDto } from "./items.mapper";
import { canManageItem } from "./items.policy";
import * as repo from "./items.repository";

const itemNotFound = () => new AppError("not_found", SELL_MESSAGES.notFound);

async function loadItem(ctx: AppContext, id: string) {
  const row = await repo.findItem(ctx.db, id);
  if (!row) throw itemNotFound();
  return row;
}

async function loadOwnItem(ctx: AppContext, user: UserRow, id: string) {
  const row = await loadItem(ctx, id);
  if (!canManageItem(user, row.item)) throw new AppError("forbidden", SELL_MESSAGES.notYourItem);
  return row;
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
  const [item] = await ctx.db
    .insert(items)
    .values({ ...columnsOf(input), sellerId: user.id })
    .returning({ id: items.id });
  if (!item) throw new Error("item insert returned nothing");
  return toItemDto(await loadItem(ctx, item.id));
}

export async function updateItem(ctx: AppContext, user: UserRow, id: string, input: ItemInput) {
  const { item } = await loadOwnItem(ctx, user, id);
  if (!item.isActive) throw new AppError("conflict", "A sold item can no longer be edited.");
  await assertUsableImage(ctx, user, input.productImage, item.productImage);
  await ctx.db
    .update(items)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(eq(items.id, id));
  if (input.productImage !== item.productImage) await releaseImage(ctx, "images", item.productImage);
  return toItemDto(await loadItem(ctx, id));
}

export async function markSold(ctx: AppContext, user: UserRow, id: string) {
  const { item } = await loadOwnItem(ctx, user, id);
  if (!item.isActive) throw new AppError("conflict", "This item is already sold.");
  const now = new Date();
  await ctx.db
    .update(items)
    .set({ isActive: false, isSold: true, soldAt: now, updatedAt: now })
    .where(eq(items.id, id));
  return toItemDto(await loadItem(ctx, id));
}

export async function deleteItem(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const { item } = await loadOwnItem(ctx, user, id);
  await ctx.db.delete(items).where(eq(items.id, id));
  // A removed post's picture is no longer public.
  await releaseImage(ctx, "images", item.productImage);
}

export async function getItemDetail(ctx: AppContext, user: UserRow, id: string): Promise<ItemDetailResponse> {
  const row = await loadItem(ctx, id);
  const [seller, followers, isFavourite] = await Promise.all([
    ctx.db.query.users.findFirst({ where: (u, { eq: equals }) => equals(u.id, row.item.sellerId) }),
    repo.countFollowersOf(ctx.db, row.item.sellerId),
    repo.isFavourite(ctx.db, user.id, id),
  ]);
  if (!seller) throw itemNotFound();
  return {
    item: toItemDto(row),
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
  await loadItem(ctx, id);
  await repo.setFavourite(ctx.db, user.id, id, isOn);
}

export async function browse(ctx: AppContext, filters: repo.BrowseFilters): Promise<BrowseResponse> {
  const { rows, total } = await repo.browseItems(ctx.db, filters);
  return {
    items: rows.map(toItemDto),
    total,
    page: filters.page,
    pageSize: PAGE_SIZE,
    totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  };
}

export async function listOwnItems(ctx: AppContext, user: UserRow) {
  return (await repo.findItemsOfSeller(ctx.db, user.id)).map(toItemDto);
}
