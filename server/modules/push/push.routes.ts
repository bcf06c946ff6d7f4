import { ErrorResponseSchema } from "@shared/api/errors";
import {
  NotificationSettingsBodySchema,
  NotificationSettingsResponseSchema,
  PushKeyResponseSchema,
  PushPromptAnswerBodySchema,
  PushPromptResponseSchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
} from "@shared/api/push";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { escapeHtml } from "../../lib/escape-html";
import { requireUser } from "../../plugins/auth";
import { countAttempt, limitWrites } from "../../plugins/rate-limit-rules";
import {
  isUnsubscribePageToken,
  isUnsubscribeToken,
  unsubscribeDigest,
  unsubscribePageToken,
} from "./digest";
import * as push from "./push.service";

const UnsubscribeQuerySchema = z.object({
  user: z.uuid("This unsubscribe link is not valid."),
  token: z
    .string()
    .min(1, "This unsubscribe link is not valid.")
    .max(100, "This unsubscribe link is not valid."),
});

export const NOT_FOUND_TEXT = "<p>This unsubscribe link is not valid. Turn the e-mails off in Settings.</p>";
const FROM_ELSEWHERE_TEXT =
  "<p>This button has expired. Open the link in the e-mail again, or turn the e-mails off in Settings.</p>";
export const UNSUBSCRIBED_HEADING = "You're unsubscribed.";
export const UNSUBSCRIBED_TEXT =
  "You will no longer get e-mails about unread messages. Turn them back on in Settings.";
/** The form field that carries the page's own signed token. */
const PAGE_TOKEN_FIELD = "page";

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Campus Bazaar e-mails</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5">${body}</body></html>`;
}

/** The page token of an urlencoded form body, if it has one. */
function pageTokenOf(body: unknown): string | null {
  if (typeof body !== "string") return null;
  return new URLSearchParams(body).get(PAGE_TOKEN_FIELD);
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
    // The page's own form sends its token urlencoded; a mail client's one-click body is ignored.
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 2048 },
      (_request, body, done) => done(null, body),
    );
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
        const pageToken = await unsubscribePageToken(ctx.db, link.user);
        return reply.send(
          page(
            `<p>Stop the e-mails about unread messages on Campus Bazaar?</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="${PAGE_TOKEN_FIELD}" value="${escapeHtml(pageToken)}"><button type="submit" style="min-height:44px;padding:0 1.25rem;font-size:1rem">Unsubscribe</button></form>`,
          ),
        );
      },
    });

    scope.post("/email/unsubscribe", {
      config: { access: "public", acceptsOwnPageForm: true },
      schema: {
        tags: ["notifications"],
        summary: "Turn the unread-messages e-mail off, from its one-click unsubscribe link (RFC 8058)",
      },
      handler: async (request, reply) => {
        await countAttempt(ctx, "unsubscribePerAddress", request.ip);
        const link = await linkOf(request.query);
        reply.header("cache-control", "no-store").type("text/html; charset=utf-8");
        if (!link) return reply.code(404).send(page(NOT_FOUND_TEXT));
        // Origin 'null' without Sec-Fetch-Site (plugins/security.ts let it through): only the
        // page's own form, with its signed token, is taken.
        if (request.headers.origin === "null" && request.headers["sec-fetch-site"] === undefined) {
          const token = pageTokenOf(request.body);
          if (!token || !(await isUnsubscribePageToken(ctx.db, link.user, token))) {
            return reply.code(403).send(page(FROM_ELSEWHERE_TEXT));
          }
        }
        await unsubscribeDigest(ctx.db, link.user);
        return reply.send(
          page(`<h1 style="font-size:1.25rem">${UNSUBSCRIBED_HEADING}</h1><p>${UNSUBSCRIBED_TEXT}</p>`),
        );
      },
    });
  });

  app.get("/me/push-prompt", {
    config: { access: "user" },
    schema: {
      tags: ["notifications"],
      summary: "Whether the in-app card offering pushes may show now (kept per student, on every device)",
      response: { 200: PushPromptResponseSchema, ...errors },
    },
    handler: async (request) => push.pushPromptOf(ctx, requireUser(request)),
  });

  app.post("/me/push-prompt", {
    config: { access: "user" },
    schema: {
      tags: ["notifications"],
      summary:
        "Answer the card offering pushes: 'Not now' (asked again in a week, at most three times) or 'Turn on'",
      body: PushPromptAnswerBodySchema,
      response: { 200: PushPromptResponseSchema, ...errors },
    },
    preHandler: limitWrites(ctx, "pushChange"),
    handler: async (request) => push.answerPushPrompt(ctx, requireUser(request), request.body),
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
