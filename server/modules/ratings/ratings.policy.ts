import { RATING_DAYS } from "@shared/deals-constants";
import type { UserRow } from "../../db/schema";

type Viewer = Pick<UserRow, "id">;
type Deal = { sellerId: string; buyerId: string | null; isSold: boolean; soldAt: Date | null };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The other side of the viewer's deal, or null when the viewer was not a side of it. */
export function counterpartOfDeal(viewer: Viewer, deal: Deal): string | null {
  if (!deal.isSold || !deal.buyerId) return null;
  if (viewer.id === deal.sellerId) return deal.buyerId;
  if (viewer.id === deal.buyerId) return deal.sellerId;
  return null;
}

/** Either side of a sale rates the other within 14 days of it (once: the unique index decides). */
export function canRateDeal(viewer: Viewer, deal: Deal, now = new Date()): boolean {
  if (!counterpartOfDeal(viewer, deal) || !deal.soldAt) return false;
  return now.getTime() - deal.soldAt.getTime() < RATING_DAYS * DAY_MS;
}

/** The administrator removes a rating that breaks the rules. */
export function canRemoveRating(viewer: Pick<UserRow, "role">): boolean {
  return viewer.role === "admin";
}
