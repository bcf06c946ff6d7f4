import { ErrorResponseSchema } from "@shared/api/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; database: Database }> = async (
  app,
  { ctx, database },
) => {
  app.get("/health", {
    config: { access: "public" },
    schema: {
      tags: ["health"],
      summary: "The process is alive",
      response: { 200: z.object({ status: z.literal("ok") }) },
    },
    handler: async () => ({ status: "ok" as const }),
  });

  app.get("/ready", {
    config: { access: "public" },
    schema: {
      tags: ["health"],
      summary: "The database and the file storage answer; a load balancer sends traffic only then",
      response: { 200: z.object({ status: z.literal("ready") }), 503: ErrorResponseSchema },
    },
    handler: async () => {
      try {
        await database.ping();
        await ctx.storage.check();
      } catch (error) {
        ctx.log.warn({ err: error }, "not ready");
        throw new AppError("unavailable", "The database or the file storage is not reachable.");
      }
      return { status: "ready" as const };
    },
  });
};
