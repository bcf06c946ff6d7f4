import { ErrorResponseSchema } from "@shared/api/errors";
import { DealRatingsResponseSchema, RateBodySchema, ReputationResponseSchema } from "@shared/api/ratings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import { limitWrites } from "../../plugins/rate-limit-rules";
import * as service from "./ratings.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** Ratings after a real deal: rating, reading one's deal's ratings, a profile's reputation. */
export const ratingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post("/items/:id/ratings", {
    config: { access: "user" },
    schema: {
      tags: ["ratings"],
      summary: "Rate the other side of a sale (its seller or buyer), once, within 14 days",
      params: z.object({ id: z.uuid("Item not found") }),
      body: RateBodySchema,
      response: { 204: z.null(), ...errors },
    },
    preHandler: limitWrites(ctx, "dealAction"),
    handler: async (request, reply) => {
      await service.rateDeal(ctx, requireUser(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  });

  app.get("/items/:id/ratings", {
    config: { access: "user" },
    schema: {
      tags: ["ratings"],
      summary: "The two sides of a sale: my rating, and the other's once both rated or 14 days passed",
      params: z.object({ id: z.uuid("Item not found") }),
      response: { 200: DealRatingsResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.dealRatings(ctx, requireUser(request), request.params.id);
    },
  });

  app.get("/users/:id/reputation", {
    config: { access: "user" },
    schema: {
      tags: ["ratings"],
      summary: "A student's revealed ratings and reviews, items sold and usual reply time",
      params: z.object({ id: z.uuid("User not found.") }),
      response: { 200: ReputationResponseSchema, ...errors },
    },
    handler: async (request) => ({ reputation: await service.reputationOf(ctx, request.params.id) }),
  });
};

export const adminRatingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.delete("/ratings/:id", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Remove a rating that breaks the rules",
      params: z.object({ id: z.uuid("Rating not found.") }),
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.removeRating(ctx, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
};
