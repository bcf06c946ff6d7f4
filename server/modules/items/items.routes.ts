import { ErrorResponseSchema } from "@shared/api/errors";
import {
  BrowseQuerySchema,
  BrowseResponseSchema,
  FavouritesQuerySchema,
  FavouritesResponseSchema,
  ItemDetailResponseSchema,
  ItemInputSchema,
  ItemResponseSchema,
  MyItemsResponseSchema,
} from "@shared/api/items";
import {
  FreshListingsQuerySchema,
  FreshListingsResponseSchema,
  PublicItemResponseSchema,
  SavedSearchesResponseSchema,
  SavedSearchInputSchema,
  SavedSearchResponseSchema,
} from "@shared/api/listings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../lib/app-error";
import { requireUser } from "../../plugins/auth";
import { countAttempt, limitWrites } from "../../plugins/rate-limit-rules";
import * as browseService from "./browse.service";
import * as favourites from "./favourites.service";
import { publicItem } from "./item-preview";
import * as service from "./items.service";
import * as savedSearches from "./saved-searches.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
const IdParams = z.object({ id: z.uuid("Item not found") });

export const itemsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/items", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary:
        "Browse active items: search, category, college or city, price, condition, sort, 12 per page; under a short college page, its city's and India's newest",
      querystring: BrowseQuerySchema,
      response: { 200: BrowseResponseSchema, ...errors },
    },
    handler: async (request) => browseService.browse(ctx, requireUser(request), request.query),
  });

  app.post("/items", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary: "Post an item for sale (10 a minute, 60 an hour)",
      body: ItemInputSchema,
      response: { 201: ItemResponseSchema, ...errors, 429: ErrorResponseSchema },
    },
    preHandler: limitWrites(ctx, "itemPost"),
    handler: async (request, reply) => {
      const item = await service.createItem(ctx, requireUser(request), request.body);
      return reply.code(201).send({ item });
    },
  });

  app.get("/items/:id", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary: "One item with its seller",
      params: IdParams,
      response: { 200: ItemDetailResponseSchema, ...errors },
    },
    handler: async (request) => service.getItemDetail(ctx, requireUser(request), request.params.id),
  });

  app.patch("/items/:id", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary: "Edit one's own item",
      params: IdParams,
      body: ItemInputSchema,
      response: { 200: ItemResponseSchema, ...errors },
    },
    handler: async (request) => ({
      item: await service.updateItem(ctx, requireUser(request), request.params.id, request.body),
    }),
  });

  app.delete("/items/:id", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary: "Delete one's own item",
      params: IdParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.deleteItem(ctx, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post("/items/:id/renew", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary: "Renew one's own active or expired listing: back on the marketplace, fresh, for 30 days",
      params: IdParams,
      response: { 200: ItemResponseSchema, ...errors, 429: ErrorResponseSchema },
    },
    preHandler: limitWrites(ctx, "itemPost"),
    handler: async (request) => ({
      item: await service.renewItem(ctx, requireUser(request), request.params.id),
    }),
  });

  app.get("/public/items/:id", {
    config: { access: "public" },
    schema: {
      tags: ["items"],
      summary:
        "A signed-out visitor's teaser of an item for sale: cover, name, price, condition, college (nothing else)",
      params: IdParams,
      response: { 200: PublicItemResponseSchema, ...errors },
    },
    handler: async (request) => {
      const item = await publicItem(ctx, request.params.id);
      if (!item) throw new AppError("not_found", "Item not found");
      return { item };
    },
  });

  app.get("/public/fresh-listings", {
    config: { access: "public", isSharedAnswer: true },
    schema: {
      tags: ["items"],
      summary:
        "The landing page's 'Fresh on campus': the newest listings as public teasers, of one city when given (120 a minute per address)",
      querystring: FreshListingsQuerySchema,
      response: { 200: FreshListingsResponseSchema, ...errors, 429: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      await countAttempt(ctx, "freshListingsPerAddress", request.ip);
      const answer = await browseService.freshListings(ctx, request.query.city || undefined);
      // The same for everyone and at most half a minute old: browsers and caches may keep it that long.
      reply.header("Cache-Control", "public, max-age=30");
      return answer;
    },
  });

  app.get("/me/saved-searches", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary: "The signed-in user's saved searches, each with its number of new matches since last viewed",
      response: { 200: SavedSearchesResponseSchema, ...errors },
    },
    handler: async (request) => ({
      savedSearches: await savedSearches.listSavedSearches(ctx, requireUser(request)),
    }),
  });

  app.post("/me/saved-searches", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary: "Save the current search, category and college (at most 20 per student)",
      body: SavedSearchInputSchema,
      response: { 201: SavedSearchResponseSchema, ...errors, 429: ErrorResponseSchema },
    },
    preHandler: limitWrites(ctx, "savedSearchWrite"),
    handler: async (request, reply) => {
      const savedSearch = await savedSearches.createSavedSearch(ctx, requireUser(request), request.body);
      return reply.code(201).send({ savedSearch });
    },
  });

  app.post("/me/saved-searches/:id/seen", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary: "Mark one's own saved search viewed: its new matches are seen",
      params: z.object({ id: z.uuid("Saved search not found") }),
      response: { 200: SavedSearchResponseSchema, ...errors },
    },
    handler: async (request) => ({
      savedSearch: await savedSearches.markSavedSearchSeen(ctx, requireUser(request), request.params.id),
    }),
  });

  app.delete("/me/saved-searches/:id", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary: "Delete one's own saved search",
      params: z.object({ id: z.uuid("Saved search not found") }),
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await savedSearches.deleteSavedSearch(ctx, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  for (const method of ["PUT", "DELETE"] as const) {
    app.route({
      method,
      url: "/items/:id/favourite",
      config: { access: "user" },
      schema: {
        tags: ["items"],
        summary:
          method === "PUT" ? "Add an item to one's favourites" : "Remove an item from one's favourites",
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
      handler: async (request, reply) => {
        await favourites.setFavourite(ctx, requireUser(request), request.params.id, method === "PUT");
        return reply.code(204).send(null);
      },
    });
  }

  app.get("/me/items", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary: "The signed-in user's own items, newest first, sold ones too",
      response: { 200: MyItemsResponseSchema, ...errors },
    },
    handler: async (request) => ({ items: await service.listOwnItems(ctx, requireUser(request)) }),
  });

  app.get("/me/favourites", {
    config: { access: "user" },
    schema: {
      tags: ["items"],
      summary: "The signed-in user's saved items, most recently saved first, 12 per page, sold ones too",
      querystring: FavouritesQuerySchema,
      response: { 200: FavouritesResponseSchema, ...errors },
    },
    handler: async (request) => favourites.listFavourites(ctx, requireUser(request), request.query.page),
  });
};
