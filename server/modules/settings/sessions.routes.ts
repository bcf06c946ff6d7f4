import { ErrorResponseSchema } from "@shared/api/errors";
import {
  DeviceSessionParamsSchema,
  DeviceSessionsResponseSchema,
  EndedSessionsResponseSchema,
} from "@shared/api/sessions";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import * as service from "./sessions.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** "Where you're signed in": the caller's own sessions only (no-store, as every personal answer). */
export const sessionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/me/sessions", {
    config: { access: "user" },
    schema: {
      tags: ["settings"],
      summary: "Where I am signed in: my sessions, this one marked",
      response: { 200: DeviceSessionsResponseSchema, ...errors },
    },
    handler: async (request) => ({
      sessions: await service.listSessions(ctx, requireUser(request), request.sessionId),
    }),
  });

  app.delete("/me/sessions/:id", {
    config: { access: "user" },
    schema: {
      tags: ["settings"],
      summary: "Sign out one of my other sessions",
      params: DeviceSessionParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.endSession(ctx, requireUser(request), request.sessionId, request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.delete("/me/sessions", {
    config: { access: "user" },
    schema: {
      tags: ["settings"],
      summary: "Sign out everywhere else: every session of mine but this one",
      response: { 200: EndedSessionsResponseSchema, ...errors },
    },
    handler: async (request) => ({
      ended: await service.endOtherSessions(ctx, requireUser(request), request.sessionId),
    }),
  });
};
