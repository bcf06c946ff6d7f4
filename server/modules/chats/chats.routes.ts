import {
  ChatListResponseSchema,
  ChatParamsSchema,
  ChatResponseSchema,
  MessageResponseSchema,
  OpenItemChatBodySchema,
  SendMessageBodySchema,
  ThreadResponseSchema,
} from "@shared/api/chats";
import { ErrorResponseSchema } from "@shared/api/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../lib/app-error";
import { sendImage } from "../../lib/send-image";
import { requireUser } from "../../plugins/auth";
import { attemptLimit, limitWrites } from "../../plugins/rate-limit-rules";
import { chooseFormat, findUpload, readVariant } from "../uploads/uploads.service";
import * as service from "./chats.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

export const chatsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/chats", {
    config: { access: "user" },
    schema: {
      tags: ["chats"],
      summary: "My conversations, latest first",
      response: { 200: ChatListResponseSchema, ...errors },
    },
    handler: async (request) => ({ chats: await service.listChats(ctx, requireUser(request)) }),
  });

  app.post("/chats", {
    config: { access: "user" },
    schema: {
      tags: ["chats"],
      summary: "Open the conversation with a seller about an item, creating it only if absent",
      body: OpenItemChatBodySchema,
      response: { 200: ChatResponseSchema, ...errors },
    },
    handler: async (request) => ({
      chat: await service.openItemChat(ctx, requireUser(request), request.body.userId, request.body.itemId),
    }),
  });

  app.get("/chats/:chatId", {
    config: { access: "user" },
    schema: {
      tags: ["chats"],
      summary: "A conversation and its latest messages (members only)",
      params: ChatParamsSchema,
      response: { 200: ThreadResponseSchema, ...errors },
    },
    handler: async (request) => service.getThread(ctx, requireUser(request), request.params.chatId),
  });

  app.post("/chats/:chatId/messages", {
    config: { access: "user" },
    schema: {
      tags: ["chats"],
      summary: "Send a text or a price offer; a retry with the same clientId stores nothing new",
      params: ChatParamsSchema,
      body: SendMessageBodySchema,
      response: { 200: MessageResponseSchema, 201: MessageResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      // The send limit is counted with the send, in its batch's transaction.
      const limit = attemptLimit(ctx.config, "chatSend", user.id);
      const { message, isNew } = await service.sendMessage(
        ctx,
        user,
        request.params.chatId,
        request.body,
        limit,
      );
      return reply.code(isNew ? 201 : 200).send({ message });
    },
  });

  app.post("/chats/:chatId/read", {
    config: { access: "user" },
    schema: {
      tags: ["chats"],
      summary: "Mark the notifications of a conversation read (done when it is opened)",
      params: ChatParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.markChatRead(ctx, requireUser(request), request.params.chatId);
      return reply.code(204).send(null);
    },
  });

  app.post("/chats/:chatId/delivered", {
    config: { access: "user" },
    schema: {
      tags: ["chats"],
      summary:
        "Acknowledge that this device received the conversation's new messages over the live socket (two ticks)",
      params: ChatParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    preHandler: limitWrites(ctx, "chatDelivered"),
    handler: async (request, reply) => {
      await service.markChatDelivered(ctx, requireUser(request), request.params.chatId);
      return reply.code(204).send(null);
    },
  });

  app.get("/chats/:chatId/photos/:photoId", {
    config: { access: "user" },
    schema: {
      tags: ["chats"],
      summary:
        "A photo sent in a conversation (members only); ?variant=thumb for the bubble, detail for the full view",
      params: ChatParamsSchema.extend({
        photoId: z
          .string()
          .regex(/^[\w.-]+$/, "Photo not found.")
          .max(200),
      }),
      querystring: z.object({ variant: z.enum(["thumb", "detail"]).optional() }),
    },
    handler: async (request, reply) => {
      const { chatId, photoId } = request.params;
      await service.assertChatPhoto(ctx, requireUser(request), chatId, photoId);
      const upload = await findUpload(ctx.db, "chats", photoId);
      if (!upload) throw new AppError("not_found", "Photo not found.");
      const { variant } = request.query;
      const file = variant
        ? await readVariant(
            { db: ctx.db, storage: ctx.storage, cacheMegabytes: ctx.config.IMAGE_CACHE_MB },
            {
              bucket: "chats",
              key: photoId,
              variant,
              format: chooseFormat(request.headers.accept, upload.contentType),
            },
          )
        : await ctx.storage.get("chats", photoId);
      if (!file) throw new AppError("not_found", "Photo not found.");
      if (variant) reply.header("vary", "Accept");
      return sendImage(reply, file);
    },
  });
};
