import {
  AddCollegeBodySchema,
  AdminItemsResponseSchema,
  AdminRecruitmentResponseSchema,
} from "@shared/api/admin";
import { CreateEventBodySchema, EventSchema } from "@shared/api/events";
import { ADMIN_RECRUITMENT_PAGE_SIZE } from "@shared/api/recruitment";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import * as colleges from "../colleges/colleges.service";
import * as events from "../events/events.service";
import * as itemModeration from "../items/moderation.service";
import * as recruitment from "../recruitment/recruitment.service";
import { adminErrors, IdParams } from "./admin-users.routes";

/**
 * Events, marketplace posts, recruitment posts and the college directory, as the admin manages
 * them: each through its own feature's service, which checks the administrator first.
 */
export const adminContentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const noContent = { 204: z.null(), ...adminErrors };

  app.get("/events", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Every event, past ones too",
      response: { 200: z.object({ events: z.array(EventSchema) }), ...adminErrors },
    },
    handler: async (request) => ({ events: await events.listAllEvents(ctx, requireUser(request)) }),
  });

  app.post("/events", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Post an event or hackathon",
      body: CreateEventBodySchema,
      response: { 201: z.object({ event: EventSchema }), ...adminErrors },
    },
    handler: async (request, reply) => {
      const event = await events.createEvent(ctx, requireUser(request), request.body);
      return reply.code(201).send({ event });
    },
  });

  app.delete("/events/:id", {
    config: { access: "admin" },
    schema: { tags: ["admin"], summary: "Delete an event", params: IdParams, response: noContent },
    handler: async (request, reply) => {
      await events.deleteEvent(ctx, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get("/items", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "All active marketplace posts, newest first, 50 a page",
      querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
      response: { 200: AdminItemsResponseSchema, ...adminErrors },
    },
    handler: async (request) => itemModeration.listActiveItems(ctx, requireUser(request), request.query.page),
  });

  app.delete("/items/:id", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Remove a post for breaking the rules; the seller is notified",
      params: IdParams,
      response: noContent,
    },
    handler: async (request, reply) => {
      await itemModeration.removeItem(ctx, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get("/recruitment-posts", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "All active recruitment posts, newest first, 50 a page",
      querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
      response: { 200: AdminRecruitmentResponseSchema, ...adminErrors },
    },
    handler: async (request) =>
      recruitment.listActivePosts(ctx, requireUser(request), {
        page: request.query.page,
        pageSize: ADMIN_RECRUITMENT_PAGE_SIZE,
      }),
  });

  app.delete("/recruitment-posts/:id", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Remove a recruitment post; the recruiter is notified",
      params: IdParams,
      response: noContent,
    },
    handler: async (request, reply) => {
      await recruitment.removePost(ctx, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post("/colleges", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Add a college to the directory",
      body: AddCollegeBodySchema,
      response: {
        201: z.object({ college: z.object({ id: z.string(), city: z.string(), name: z.string() }) }),
        ...adminErrors,
      },
    },
    handler: async (request, reply) => {
      const row = await colleges.addCollege(
        ctx,
        requireUser(request),
        request.body.city,
        request.body.college,
      );
      return reply.code(201).send({ college: { id: row.id, city: row.city, name: row.name } });
    },
  });

  app.delete("/colleges/:id", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Remove a college from the directory",
      params: IdParams,
      response: noContent,
    },
    handler: async (request, reply) => {
      await colleges.deleteCollege(ctx, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
};
