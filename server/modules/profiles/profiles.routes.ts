import { UserResponseSchema } from "@shared/api/auth";
import { ErrorResponseSchema } from "@shared/api/errors";
import {
  FollowersResponseSchema,
  ProfileResponseSchema,
  UpdateProfileBodySchema,
} from "@shared/api/profiles";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import { limitWrites } from "../../plugins/rate-limit-rules";
import { toUserDto } from "../auth/auth.service";
import * as service from "./profiles.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  429: ErrorResponseSchema,
};
const UserParams = z.object({ id: z.uuid("User not found") });
const FollowCountsSchema = z.object({
  counts: z.object({ items: z.number().int(), followers: z.number().int(), following: z.number().int() }),
});

/** Profiles and follows. "me" routes only ever touch the caller. */
export const profilesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/users/:id", {
    config: { access: "user" },
    schema: {
      tags: ["profiles"],
      summary: "A student's profile, counts and posted items",
      params: UserParams,
      response: { 200: ProfileResponseSchema, ...errors },
    },
    handler: async (request) => service.getProfile(ctx, requireUser(request), request.params.id),
  });

  app.get("/users/:id/followers", {
    config: { access: "user" },
    schema: {
      tags: ["profiles"],
      summary: "Who follows a student",
      params: UserParams,
      response: { 200: FollowersResponseSchema, ...errors },
    },
    handler: async (request) => ({ followers: await service.listFollowers(ctx, request.params.id) }),
  });

  for (const method of ["PUT", "DELETE"] as const) {
    app.route({
      method,
      url: "/users/:id/follow",
      config: { access: "user" },
      schema: {
        tags: ["profiles"],
        summary: method === "PUT" ? "Follow a student" : "Stop following a student",
        params: UserParams,
        response: { 200: FollowCountsSchema, ...errors },
      },
      handler: async (request) => ({
        counts: await service.setFollowing(ctx, requireUser(request), request.params.id, method === "PUT"),
      }),
    });
  }

  app.patch("/me/profile", {
    config: { access: "user" },
    schema: {
      tags: ["profiles"],
      summary: "Edit my name, bio and photo",
      body: UpdateProfileBodySchema,
      response: { 200: UserResponseSchema, ...errors },
    },
    preHandler: limitWrites(ctx, "profileEdit"),
    handler: async (request) => ({
      user: toUserDto(await service.updateProfile(ctx, requireUser(request), request.body)),
    }),
  });
};
