import { UserResponseSchema } from "@shared/api/auth";
import { ErrorResponseSchema } from "@shared/api/errors";
import { ChangePasswordBodySchema, HolidayBodySchema, UpdateNameBodySchema } from "@shared/api/profiles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import { limitWrites } from "../../plugins/rate-limit-rules";
import { toUserDto } from "../auth/auth.service";
import * as settings from "./settings.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** The signed-in user's own settings: name, password and holiday mode. They only ever touch the caller. */
export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.patch("/me/name", {
    config: { access: "user" },
    schema: {
      tags: ["settings"],
      summary: "Change my name",
      body: UpdateNameBodySchema,
      response: { 200: UserResponseSchema, ...errors },
    },
    preHandler: limitWrites(ctx, "profileEdit"),
    handler: async (request) => ({
      user: toUserDto(await settings.updateName(ctx, requireUser(request), request.body.name)),
    }),
  });

  app.post("/me/password", {
    config: { access: "user" },
    schema: {
      tags: ["settings"],
      summary: "Change my password; my other sessions end",
      body: ChangePasswordBodySchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await settings.changePassword(ctx, requireUser(request), request.sessionId, request.body);
      return reply.code(204).send(null);
    },
  });

  app.put("/me/holiday", {
    config: { access: "user" },
    schema: {
      tags: ["settings"],
      summary: "Turn holiday mode on for a date range, or off",
      body: HolidayBodySchema,
      response: { 200: UserResponseSchema, ...errors },
    },
    preHandler: limitWrites(ctx, "profileEdit"),
    handler: async (request) => ({
      user: toUserDto(await settings.setHolidayMode(ctx, requireUser(request), request.body)),
    }),
  });
};
