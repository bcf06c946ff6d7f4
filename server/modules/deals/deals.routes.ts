import {
  ChatParamsSchema,
  CounterOfferBodySchema,
  OfferActionSchema,
  OfferResponseSchema,
} from "@shared/api/chats";
import { ItemBuyersResponseSchema, MarkSoldBodySchema } from "@shared/api/deals";
import { ErrorResponseSchema } from "@shared/api/errors";
import { ItemResponseSchema } from "@shared/api/items";
import { HandoverBodySchema, PickupCodeResponseSchema } from "@shared/api/pickup";
import { DealRatingsResponseSchema, RateBodySchema, ReputationResponseSchema } from "@shared/api/ratings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import { countAttempt, limitWrites } from "../../plugins/rate-limit-rules";
import * as offers from "./offers.service";
import * as pickup from "./pickup.service";
import * as ratings from "./ratings.service";
import * as sales from "./sales.service";

const readErrors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const errors = { ...readErrors, 429: ErrorResponseSchema };
const ItemParams = z.object({ id: z.uuid("Item not found") });

/**
 * The deals' operations, at the paths they always had: offers in a chat (/chats/.../offers), an
 * item's sale and reservation (/items/:id/sold, release, buyers), ratings after a sale and a
 * profile's reputation.
 */
export const dealsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const OfferParams = ChatParamsSchema.extend({ offerId: z.uuid("Offer not found.") });

  app.post("/chats/:chatId/offers/:offerId/counter", {
    config: { access: "user" },
    schema: {
      tags: ["chats"],
      summary: "The seller counters the buyer's pending offer with a price (the buyer answers it)",
      params: OfferParams,
      body: CounterOfferBodySchema,
      response: { 200: OfferResponseSchema, 201: OfferResponseSchema, ...errors },
    },
    preHandler: limitWrites(ctx, "dealAction"),
    handler: async (request, reply) => {
      const { chatId, offerId } = request.params;
      const { clientId, offerPrice } = request.body;
      const { message, isNew } = await offers.counterOffer(
        ctx,
        requireUser(request),
        chatId,
        offerId,
        clientId,
        offerPrice,
      );
      return reply.code(isNew ? 201 : 200).send({ message });
    },
  });

  app.post("/chats/:chatId/offers/:offerId/:action", {
    config: { access: "user" },
    schema: {
      tags: ["chats"],
      summary:
        "Accept or decline the other side's pending offer, or withdraw one's own; accepting reserves the item for the buyer",
      params: OfferParams.extend({ action: OfferActionSchema }),
      response: { 200: OfferResponseSchema, ...errors },
    },
    preHandler: limitWrites(ctx, "dealAction"),
    handler: async (request) => {
      const { chatId, offerId, action } = request.params;
      return offers.answerOffer(ctx, requireUser(request), chatId, offerId, action);
    },
  });

  app.post("/items/:id/sold", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary:
        "Mark one's own item as sold, optionally to a buyer who chatted about it (buyerId); it leaves the marketplace",
      params: ItemParams,
      body: MarkSoldBodySchema,
      response: { 200: ItemResponseSchema, ...errors },
    },
    // Each sale writes a line and a notification in every chat about the item.
    preHandler: limitWrites(ctx, "dealAction"),
    handler: async (request) => ({
      item: await sales.markSold(ctx, requireUser(request), request.params.id, request.body?.buyerId ?? null),
    }),
  });

  app.post("/items/:id/release", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary: "Release the reservation of one's own item: it is available again and the buyer is told",
      params: ItemParams,
      response: { 200: ItemResponseSchema, ...errors },
    },
    preHandler: limitWrites(ctx, "dealAction"),
    handler: async (request) => ({
      item: await sales.releaseReservation(ctx, requireUser(request), request.params.id),
    }),
  });

  app.get("/items/:id/pickup-code", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary:
        "The pickup code of an item reserved for the caller, to show the seller at the handover (the reserved buyer only)",
      params: ItemParams,
      response: { 200: PickupCodeResponseSchema, ...readErrors },
    },
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return pickup.pickupCodeFor(ctx, requireUser(request), request.params.id);
    },
  });

  app.post("/items/:id/handover", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary:
        "Confirm handover: the seller types the reserved buyer's pickup code, and the item is sold to that buyer; five wrong codes lock it for an hour",
      params: ItemParams,
      body: HandoverBodySchema,
      response: { 200: ItemResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      // Codes tried per seller across items: each item also locks after five wrong ones.
      await countAttempt(ctx, "pickupConfirm", user.id);
      reply.header("cache-control", "no-store");
      return { item: await pickup.confirmHandover(ctx, user, request.params.id, request.body.code) };
    },
  });

  app.get("/items/:id/buyers", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary: "Who chatted about one's own item, the reserved buyer first ('Who bought it?')",
      params: ItemParams,
      response: { 200: ItemBuyersResponseSchema, ...readErrors },
    },
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return sales.listItemBuyers(ctx, requireUser(request), request.params.id);
    },
  });

  app.post("/items/:id/ratings", {
    config: { access: "user" },
    schema: {
      tags: ["ratings"],
      summary: "Rate the other side of a sale (its seller or buyer), once, within 14 days",
      params: ItemParams,
      body: RateBodySchema,
      response: { 204: z.null(), ...errors },
    },
    preHandler: limitWrites(ctx, "dealAction"),
    handler: async (request, reply) => {
      await ratings.rateDeal(ctx, requireUser(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  });

  app.get("/items/:id/ratings", {
    config: { access: "user" },
    schema: {
      tags: ["ratings"],
      summary: "The two sides of a sale: my rating, and the other's once both rated or 14 days passed",
      params: ItemParams,
      response: { 200: DealRatingsResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ratings.dealRatings(ctx, requireUser(request), request.params.id);
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
    handler: async (request) => ({ reputation: await ratings.reputationOf(ctx, request.params.id) }),
  });
};

/** The administrator removes a rating that breaks the rules (under /admin). */
export const adminDealsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.delete("/ratings/:id", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Remove a rating that breaks the rules",
      params: z.object({ id: z.uuid("Rating not found.") }),
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await ratings.removeRating(ctx, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
};
