import { ErrorResponseSchema } from "@shared/api/errors";
import {
  EventInterestResponseSchema,
  EventListResponseSchema,
  EventParamsSchema,
  EventsQuerySchema,
} from "@shared/api/events";
import { PublicEventResponseSchema } from "@shared/api/public-events";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import { countAttempt, limitWrites } from "../../plugins/rate-limit-rules";
import { eventIcs, icsFileName } from "./events.calendar";
import { listEvents, loadEvent, publicEvent, setInterest } from "./events.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

export const eventsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/events", {
    config: { access: "user" },
    schema: {
      tags: ["events"],
      summary:
        "Events and hackathons, those to come soonest first (the viewer's college's first), then those begun latest first; filtered by college, city, date, text, upcoming and the viewer's interest; or one by id",
      querystring: EventsQuerySchema,
      response: { 200: EventListResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
    },
    handler: async (request) => ({ events: await listEvents(ctx, requireUser(request), request.query) }),
  });

  app.put("/events/:id/interest", {
    config: { access: "user" },
    schema: {
      tags: ["events"],
      summary: "Mark an event 'Interested' (setting it twice counts once)",
      params: EventParamsSchema,
      response: { 200: EventInterestResponseSchema, ...errors },
    },
    preHandler: limitWrites(ctx, "eventInterest"),
    handler: async (request) => setInterest(ctx, requireUser(request), request.params.id, true),
  });

  app.delete("/events/:id/interest", {
    config: { access: "user" },
    schema: {
      tags: ["events"],
      summary: "Clear 'Interested' on an event (clearing it twice is the same as once)",
      params: EventParamsSchema,
      response: { 200: EventInterestResponseSchema, ...errors },
    },
    preHandler: limitWrites(ctx, "eventInterest"),
    handler: async (request) => setInterest(ctx, requireUser(request), request.params.id, false),
  });

  app.get("/events/:id/calendar.ics", {
    config: { access: "user" },
    schema: {
      tags: ["events"],
      summary: "The event as an iCalendar file (two hours long, times in UTC)",
      params: EventParamsSchema,
      response: { 200: z.string(), ...errors },
    },
    handler: async (request, reply) => {
      const event = await loadEvent(ctx, request.params.id);
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="${icsFileName(event)}"`)
        .send(eventIcs(event, ctx.config.publicUrl));
    },
  });

  app.get("/public/events/:id", {
    config: { access: "public", isSharedAnswer: true },
    schema: {
      tags: ["events"],
      summary:
        "One event as anyone may read it from a shared link: the poster's details and the interested count, no personal data (120 a minute per address)",
      params: EventParamsSchema,
      response: { 200: PublicEventResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      await countAttempt(ctx, "publicEventPerAddress", request.ip);
      const event = await publicEvent(ctx, request.params.id);
      // The same for everyone; a minute-old interested count is fine for a shared link.
      reply.header("Cache-Control", "public, max-age=60");
      return { event };
    },
  });
};
