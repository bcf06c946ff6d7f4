import { ErrorResponseSchema } from "@shared/api/errors";
import { BlockedUsersResponseSchema, BlockStateResponseSchema } from "@shared/api/trust";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import { limitWrites } from "../../plugins/rate-limit-rules";
import * as service from "./blocks.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  429: ErrorResponseSchema,
};
const UserParams = z.object({ id: z.uuid("User not found") });

/** Blocking: the caller's own list, and blocking or unblocking another student. */
export const blocksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/me/blocks", {
    config: { access: "user" },
    schema: {
      tags: ["blocks"],
      summary: "The students I blocked, most recent first",
      response: { 200: BlockedUsersResponseSchema, ...errors },
    },
    handler: async (request) => ({ blocked: await service.listBlocked(ctx, requireUser(request)) }),
  });

  for (const method of ["PUT", "DELETE"] as const) {
    app.route({
      method,
      url: "/users/:id/block",
      config: { access: "user" },
      schema: {
        tags: ["blocks"],
        summary:
          method === "PUT"
            ? "Block a student: they can't message or follow me, and neither sees the other's listings"
            : "Unblock a student",
        params: UserParams,
        response: { 200: BlockStateResponseSchema, ...errors },
      },
      preHandler: limitWrites(ctx, "blockChange"),
      handler: async (request) =>
        service.setBlocked(ctx, requireUser(request), request.params.id, method === "PUT"),
    });
  }
};
