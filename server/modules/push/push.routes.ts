import { ErrorResponseSchema } from "@shared/api/errors";
import {
  NotificationSettingsBodySchema,
  NotificationSettingsResponseSchema,
  PushKeyResponseSchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
} from "@shared/api/push";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../lib/app-error";
import { requireUser } from "../../plugins/auth";
import { countAttempt, limitWrites } from "../../plugins/rate-limit-rules";
import { isUnsubscribeToken, unsubscribeDigest } from "./digest";
import * as push from "./push.service";

const UnsubscribeQuerySchema = z.object({
  user: z.uuid("This unsubscribe link is not valid."),
  token: z
    .string()
    .min(1, "This unsubscribe link is not valid.")
    .max(100, "This unsubscribe link is not valid."),
});

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** Push devices and notification settings of the signed-in user: they only ever touch the caller. */
export const pushRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/push/key", {
    config: { access: "user" },
    schema: {
      tags: ["notifications"],
      summary: "The server's VAPID public key, to subscribe this browser to push",
      response: { 200: PushKeyResponseSchema, ...errors },
    },
    handler: async () => ({ publicKey: await push.publicKey(ctx) }),
  });

  app.put("/push/subscription", {
    config: { access: "user" },
    schema: {
      tags: ["notifications"],
      summary: "Receive pushes on this device (its browser's subscription, tied to this session)",
      body: PushSubscriptionBodySchema,
      response: { 204: z.null(), ...errors },
    },
    preHandler: limitWrites(ctx, "pushChange"),
    handler: async (request, reply) => {
      await push.subscribe(ctx, requireUser(request), request.sessionId, request.body);
      return reply.code(204).send(null);
    },
  });

  app.post("/push/subscription/remove", {
    config: { access: "user" },
    schema: {
      tags: ["notifications"],
      summary: "Stop pushes to this device",
      body: PushUnsubscribeBodySchema,
      response: { 204: z.null(), ...errors },
    },
    preHandler: limitWrites(ctx, "pushChange"),
    handler: async (request, reply) => {
      await push.unsubscribe(ctx, requireUser(request), request.body.endpoint);
      return reply.code(204).send(null);
    },
  });

  app.post("/email/unsubscribe", {
    config: { access: "public" },
    schema: {
      tags: ["notifications"],
      summary: "Turn the unread-messages e-mail off, from its one-click unsubscribe link",
      querystring: UnsubscribeQuerySchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await countAttempt(ctx, "unsubscribePerAddress", request.ip);
      const { user, token } = request.query;
      if (!(await isUnsubscribeToken(ctx.db, user, token))) {
        throw new AppError(
          "invalid_input",
          "This unsubscribe link is not valid. Turn the e-mails off in Settings.",
        );
      }
      await unsubscribeDigest(ctx.db, user);
      return reply.code(204).send(null);
    },
  });

  app.get("/me/notification-settings", {
    config: { access: "user" },
    schema: {
      tags: ["notifications"],
      summary: "Which notifications I get pushed or e-mailed",
      response: { 200: NotificationSettingsResponseSchema, ...errors },
    },
    handler: async (request) => push.settingsOf(ctx, requireUser(request), request.sessionId),
  });

  app.patch("/me/notification-settings", {
    config: { access: "user" },
    schema: {
      tags: ["notifications"],
      summary: "Turn kinds of push, or the unread-messages e-mail, on or off",
      body: NotificationSettingsBodySchema,
      response: { 200: NotificationSettingsResponseSchema, ...errors },
    },
    preHandler: limitWrites(ctx, "pushChange"),
    handler: async (request) =>
      push.updateSettings(ctx, requireUser(request), request.sessionId, request.body),
  });
};
