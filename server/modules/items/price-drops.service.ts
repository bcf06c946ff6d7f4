import { LISTING_TEXTS } from "@shared/listing-texts";
import type { AppContext } from "../../context";
import { transactionWithEvents } from "../../realtime/transaction";
import { addNotification } from "../notifications/notifications.service";
import * as repo from "./items.repository";

/**
 * Tells everyone who saved the item that its price went down: at most once a day per item (a
 * second cut the same day goes unannounced).
 */
export async function notifyPriceDrop(
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
