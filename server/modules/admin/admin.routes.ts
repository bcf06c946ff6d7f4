import { AdminOverviewResponseSchema } from "@shared/api/dashboard";
import { ErrorResponseSchema } from "@shared/api/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import { getOverview } from "./admin-users.service";

export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/overview", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Counts for the admin panel",
      response: { 200: AdminOverviewResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
    },
    handler: async (request) => getOverview(ctx, requireUser(request)),
  });
};
