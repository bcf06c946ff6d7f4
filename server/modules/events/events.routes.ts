import { ErrorResponseSchema } from "@shared/api/errors";
import { EventListResponseSchema, EventsQuerySchema } from "@shared/api/events";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { listEvents } from "./events.service";

export const eventsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/events", {
    config: { access: "user" },
    schema: {
      tags: ["events"],
      summary: "Events and hackathons, newest date first, filtered by college, city, date, text and upcoming",
      querystring: EventsQuerySchema,
      response: { 200: EventListResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
    },
    handler: async (request) => ({ events: await listEvents(ctx, request.query) }),
  });
};
