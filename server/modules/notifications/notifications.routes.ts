import { NotificationListResponseSchema, UnreadCountsSchema } from "@shared/api/chats";
import { ErrorResponseSchema } from "@shared/api/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import * as service from "./notifications.service";

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/notifications", {
    config: { access: "user" },
    schema: {
      tags: ["notifications"],
      summary: "My notifications, newest first",
      response: { 200: NotificationListResponseSchema, ...errors },
    },
    handler: async (request) => ({
      notifications: await service.listNotifications(ctx, requireUser(request)),
    }),
  });

  app.get("/notifications/counts", {
    config: { access: "user" },
    schema: {
      tags: ["notifications"],
      summary: "The two badges: unread notifications, and unread ones of type message",
      response: { 200: UnreadCountsSchema, ...errors },
    },
    handler: async (request) => service.countUnread(ctx, requireUser(request)),
  });

  app.post("/notifications/:id/read", {
    config: { access: "user" },
    schema: {
      tags: ["notifications"],
      summary: "Mark one of my notifications read",
      params: z.object({ id: z.uuid("Notification not found.") }),
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.markRead(ctx, requireUser(request), { ids: [request.params.id] });
      return reply.code(204).send(null);
    },
  });

  app.post("/notifications/read-all", {
    config: { access: "user" },
    schema: {
      tags: ["notifications"],
      summary: "Mark all my notifications read",
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.markRead(ctx, requireUser(request), { all: true });
      return reply.code(204).send(null);
    },
  });
};
