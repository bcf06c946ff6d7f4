import { DashboardResponseSchema } from "@shared/api/dashboard";
import { ErrorResponseSchema } from "@shared/api/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import { getDashboard } from "./dashboard.service";

export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/", {
    config: { access: "user" },
    schema: {
      tags: ["dashboard"],
      summary: "The signed-in user's tiles and recent activity",
      response: { 200: DashboardResponseSchema, 401: ErrorResponseSchema },
    },
    handler: async (request) => getDashboard(ctx, requireUser(request)),
  });
};
