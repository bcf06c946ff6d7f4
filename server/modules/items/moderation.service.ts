import { ADMIN_MESSAGES } from "@shared/api/admin";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { transactionWithEvents } from "../../realtime/transaction";
import { recordAudit } from "../admin/audit.service";
import { addNotification } from "../notifications/notifications.service";
import { toItemDto } from "./items.mapper";
import { canRemoveItem } from "./items.policy";
import * as repo from "./items.repository";
import { releaseImages } from "./items.service";

/** Every active item of the marketplace, newest first, a page at a time (the admin panel's list). */
export async function listActiveItems(ctx: AppContext, viewer: UserRow, page: number, pageSize = 50) {
  if (!canRemoveItem(viewer)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
  const { rows, total } = await repo.findActiveItemsPage(ctx.db, page, pageSize);
  return { items: rows.map((row) => toItemDto(row, viewer)), total };
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

/**
 * Deletes a listing inside the caller's transaction, for a moderator's removal of a reported one
 * (the caller checked the moderator, tells the seller and releases the images).
 */
export function deleteReportedItem(tx: Db, id: string) {
  return repo.deleteItem(tx, id);
}
