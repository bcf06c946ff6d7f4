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
import { escapeHtml } from "../../lib/escape-html";
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

export const NOT_FOUND_TEXT = "<p>This unsubscribe link is not valid. Turn the e-mails off in Settings.</p>";
export const UNSUBSCRIBED_TEXT =
  "You will no longer get e-mails about unread messages. Turn them back on in Settings.";

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Campus Bazaar e-mails</title></head><body>${body}</body></html>`;
}

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
      response: { 204: z.null(), ...errors, 409: ErrorResponseSchema },
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

  // RFC 8058: mail clients POST the one-click form (urlencoded or multipart, body ignored); a GET
  // (a person, or a link scanner) only shows a page with a button and never unsubscribes by itself.
  await app.register(async (scope) => {
    const ignoreBody = (_request: unknown, _payload: unknown, done: (err: null, body: null) => void) =>
      done(null, null);
    scope.addContentTypeParser("application/x-www-form-urlencoded", ignoreBody);
    scope.addContentTypeParser("multipart/form-data", ignoreBody);

    const linkOf = async (query: unknown) => {
      const parsed = UnsubscribeQuerySchema.safeParse(query);
      if (!parsed.success) return null;
      return (await isUnsubscribeToken(ctx.db, parsed.data.user, parsed.data.token)) ? parsed.data : null;
    };

    scope.get("/email/unsubscribe", {
      config: { access: "public" },
      schema: {
        tags: ["notifications"],
        summary: "The page of the unsubscribe link: a button that turns the unread-messages e-mail off",
      },
      handler: async (request, reply) => {
        await countAttempt(ctx, "unsubscribePerAddress", request.ip);
        const link = await linkOf(request.query);
        reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
        if (!link) return reply.code(404).send(page(NOT_FOUND_TEXT));
        const action = `/api/email/unsubscribe?user=${encodeURIComponent(link.user)}&token=${encodeURIComponent(link.token)}`;
        return reply.send(
          page(
            `<p>Stop the e-mails about unread messages on Campus Bazaar?</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
          ),
        );
      },
    });

    scope.post("/email/unsubscribe", {
      config: { access: "public" },
      schema: {
        tags: ["notifications"],
        summary: "Turn the unread-messages e-mail off, from its one-click unsubscribe link (RFC 8058)",
      },
      handler: async (request, reply) => {
        await countAttempt(ctx, "unsubscribePerAddress", request.ip);
        const link = await linkOf(request.query);
        reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
        if (!link) return reply.code(404).send(page(NOT_FOUND_TEXT));
        await unsubscribeDigest(ctx.db, link.user);
        return reply.send(page(`<p>${UNSUBSCRIBED_TEXT}</p>`));
      },
    });
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
