import { DashboardResponseSchema } from "@shared/api/dashboard";
import { ErrorResponseSchema } from "@shared/api/errors";
import { formatPrice } from "@shared/validation/sell";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import { countFollowers, countItemsBySeller, latestItemsOf } from "./dashboard.repository";

export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/", {
    config: { access: "user" },
    schema: {
      tags: ["dashboard"],
      summary: "The signed-in user's tiles and recent activity",
      response: { 200: DashboardResponseSchema, 401: ErrorResponseSchema },
    },
    handler: async (request) => {
      const user = requireUser(request);
      const [itemCounts, followers, latest] = await Promise.all([
        countItemsBySeller(ctx.db, user.id),
        countFollowers(ctx.db, user.id),
        latestItemsOf(ctx.db, user.id),
      ]);
      return {
        itemsSold: itemCounts.sold,
        itemsSelling: itemCounts.selling,
        followers,
        recentActivity: latest.map((item) => ({
          id: item.id,
          kind: item.isActive ? "item.listed" : "item.sold",
          text: item.isActive
            ? `You listed ${item.productName} for ${formatPrice(item.price)}`
            : `You sold ${item.productName}`,
          at: (item.soldAt ?? item.createdAt).toISOString(),
          href: `/item/${item.id}`,
        })),
        supportEmail: ctx.config.SUPPORT_EMAIL,
      };
    },
  });
};
