import { type DashboardResponse, NEW_NEAR_YOU_COUNT } from "@shared/api/dashboard";
import { formatRupees } from "@shared/rupees";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { newNearYou } from "../items/browse.service";
import * as repo from "./dashboard.repository";

/** The signed-in user's tiles and their five latest listings and sales; 'New near you' while they have none. */
export async function getDashboard(ctx: AppContext, user: UserRow): Promise<DashboardResponse> {
  const [itemCounts, followers, latest] = await Promise.all([
    repo.countItemsBySeller(ctx.db, user.id),
    repo.countFollowers(ctx.db, user.id),
    repo.latestItemsOf(ctx.db, user.id),
  ]);
  // A student with nothing of their own yet sees what is for sale around them instead.
  const nearYou = latest.length === 0 ? await newNearYou(ctx, user, NEW_NEAR_YOU_COUNT) : [];
  return {
    itemsSold: itemCounts.sold,
    itemsSelling: itemCounts.selling,
    followers,
    recentActivity: latest.map((item) => ({
      id: item.id,
      kind: item.isActive ? "item.listed" : "item.sold",
      text: item.isActive
        ? `You listed ${item.productName} for ${formatRupees(item.price)}`
        : `You sold ${item.productName}`,
      at: (item.soldAt ?? item.createdAt).toISOString(),
      href: `/item/${item.id}`,
    })),
    newNearYou: nearYou,
    supportEmail: ctx.config.SUPPORT_EMAIL,
  };
}
