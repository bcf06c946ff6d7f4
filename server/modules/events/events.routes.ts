import { ErrorResponseSchema } from "@shared/api/errors";
import {
  CancelEventBodySchema,
  CreateEventBodySchema,
  EventInterestResponseSchema,
  EventListResponseSchema,
  EventParamsSchema,
  EventResponseSchema,
  EventsQuerySchema,
} from "@shared/api/events";
import { PublicEventResponseSchema } from "@shared/api/public-events";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import { countAttempt, limitWrites } from "../../plugins/rate-limit-rules";
import { collegeFeedIcs, eventIcs, icsFileName } from "./events.calendar";
import type { EventRow } from "./events.repository";
import {
  cancelEvent,
  collegeFeed,
  editEvent,
  listEvents,
  loadEvent,
  postEvent,
  publicEvent,
  setInterest,
} from "./events.service";

/** How long a browser or a shared cache may keep a college's calendar feed. */
const FEED_MAX_AGE_SECONDS = 15 * 60;
/**
 * How long one may keep an event's public answers (its page's details and its calendar file). A
 * downloaded file is never fetched again, unlike the feed, so a move or a cancellation must reach
 * the next download within a minute.
 */
const PUBLIC_EVENT_MAX_AGE_SECONDS = 60;

/** The event as a calendar file to download, named from its title. */
function sendEventIcs(reply: FastifyReply, event: EventRow, content: string) {
  return reply
    .type("text/calendar; charset=utf-8")
    .header("content-disposition", `attachment; filename="${icsFileName(event)}"`)
    .send(content);
}

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
    handler: async (request) => listEvents(ctx, requireUser(request), request.query),
  });

  const manageErrors = { ...errors, 403: ErrorResponseSchema, 409: ErrorResponseSchema };

  app.post("/events", {
    config: { access: "user" },
    schema: {
      tags: ["events"],
      summary: "Post an event: an organiser for their own college, the administrator for any",
      body: CreateEventBodySchema,
      response: { 201: EventResponseSchema, ...manageErrors },
    },
    preHandler: limitWrites(ctx, "eventManage"),
    handler: async (request, reply) => {
      const event = await postEvent(ctx, requireUser(request), request.body);
      return reply.code(201).send({ event });
    },
  });

  app.patch("/events/:id", {
    config: { access: "user" },
    schema: {
      tags: ["events"],
      summary: "Edit an event of the organiser's college; a new time or place is told to everyone interested",
      params: EventParamsSchema,
      body: CreateEventBodySchema,
      response: { 200: EventResponseSchema, ...manageErrors },
    },
    preHandler: limitWrites(ctx, "eventManage"),
    handler: async (request) => ({
      event: await editEvent(ctx, requireUser(request), request.params.id, request.body),
    }),
  });

  app.post("/events/:id/cancel", {
    config: { access: "user" },
    schema: {
      tags: ["events"],
      summary:
        "Cancel Event: kept as 'Cancelled'; everyone interested is told the reason; its teams are unlinked",
      params: EventParamsSchema,
      body: CancelEventBodySchema,
      response: { 200: EventResponseSchema, ...manageErrors },
    },
    preHandler: limitWrites(ctx, "eventManage"),
    handler: async (request) => ({
      event: await cancelEvent(ctx, requireUser(request), request.params.id, request.body.reason),
    }),
  });

  app.get("/colleges/:id/events.ics", {
    config: { access: "public", isSharedAnswer: true },
    schema: {
      tags: ["events"],
      summary: "A college's events as a calendar feed (webcal://): read-only, nobody's account, cacheable",
      params: z.object({ id: z.uuid("College not found.") }),
      response: { 200: z.string(), 400: ErrorResponseSchema, 404: ErrorResponseSchema },
    },
    handler: async (request, reply) => {
      const feed = await collegeFeed(ctx, request.params.id);
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", `public, max-age=${FEED_MAX_AGE_SECONDS}`)
        .header(
          "content-disposition",
          `inline; filename="${icsFileName({ title: `${feed.college} events` })}"`,
        )
        .send(collegeFeedIcs(feed.college, feed.events, ctx.config.publicUrl));
    },
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
      summary:
        "The event as an iCalendar file: India times with their zone, its end, an alarm an hour before, its SEQUENCE and STATUS",
      params: EventParamsSchema,
      response: { 200: z.string(), ...errors },
    },
    handler: async (request, reply) => {
      const event = await loadEvent(ctx, request.params.id);
      return sendEventIcs(reply, event, eventIcs(event, ctx.config.publicUrl));
    },
  });

  app.get("/public/events/:id/calendar.ics", {
    config: { access: "public", isSharedAnswer: true },
    schema: {
      tags: ["events"],
      summary:
        "The event's calendar file for anyone with its link, signed out too: the student's file with no personal data, STATUS:CANCELLED once cancelled, the same bytes for everyone (120 a minute per address, with the event's page)",
      params: EventParamsSchema,
      response: { 200: z.string(), ...errors },
    },
    handler: async (request, reply) => {
      await countAttempt(ctx, "publicEventPerAddress", request.ip);
      const event = await loadEvent(ctx, request.params.id);
      reply.header("cache-control", `public, max-age=${PUBLIC_EVENT_MAX_AGE_SECONDS}`);
      // DTSTAMP is the event's creation, as in the feed: a cache may give the file to anyone.
      return sendEventIcs(reply, event, eventIcs(event, ctx.config.publicUrl, { now: null }));
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
      reply.header("Cache-Control", `public, max-age=${PUBLIC_EVENT_MAX_AGE_SECONDS}`);
      return { event };
    },
  });
};
