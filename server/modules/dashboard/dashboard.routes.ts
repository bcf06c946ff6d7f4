import { DashboardResponseSchema } from "@shared/api/dashboard";
import { ErrorResponseSchema } from "@shared/api/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import { countFollowers, countItemsBySeller } from "./dashboard.repository";

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
      const [itemCounts, followers] = await Promise.all([
        countItemsBySeller(ctx.db, user.id),
        countFollowers(ctx.db, user.id),
      ]);
      return {
        itemsSold: itemCounts.sold,
        itemsSelling: itemCounts.selling,
        followers,
        // Filled by the marketplace, messaging and follow features as they record activity.
        recentActivity: [],
        supportEmail: ctx.config.SUPPORT_EMAIL,
      };
    },
  });
};
