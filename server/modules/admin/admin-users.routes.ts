import {
  AdminEditUserBodySchema,
  AdminUserSchema,
  AdminUsersQuerySchema,
  AdminUsersResponseSchema,
  AuditResponseSchema,
} from "@shared/api/admin";
import { ErrorResponseSchema } from "@shared/api/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import * as users from "./admin-users.service";

export const adminErrors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
};
export const IdParams = z.object({ id: z.uuid("Not found.") });

export const adminUsersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/users", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Students: search name, e-mail or mobile; joined between two dates; 25 a page",
      querystring: AdminUsersQuerySchema,
      response: { 200: AdminUsersResponseSchema, ...adminErrors },
    },
    handler: async (request) => users.listUsers(ctx, requireUser(request), request.query),
  });

  app.patch("/users/:id", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Edit a student's name, e-mail, mobile, city and college",
      params: IdParams,
      body: AdminEditUserBodySchema,
      response: { 200: z.object({ user: AdminUserSchema }), ...adminErrors },
    },
    handler: async (request) => ({
      user: await users.editUser(ctx, requireUser(request), request.params.id, request.body),
    }),
  });

  app.delete("/users/:id", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Delete a student: sign-in refused, sessions and sockets ended, items hidden",
      params: IdParams,
      response: { 204: z.null(), ...adminErrors },
    },
    handler: async (request, reply) => {
      await users.deleteUser(ctx, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.put("/users/:id/organiser", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Make a student an 'Organiser' of their college: they post, edit and cancel its events",
      params: IdParams,
      response: { 200: z.object({ user: AdminUserSchema }), ...adminErrors },
    },
    handler: async (request) => ({
      user: await users.setOrganiser(ctx, requireUser(request), request.params.id, true),
    }),
  });

  app.delete("/users/:id/organiser", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Revoke a student's 'Organiser' rights",
      params: IdParams,
      response: { 200: z.object({ user: AdminUserSchema }), ...adminErrors },
    },
    handler: async (request) => ({
      user: await users.setOrganiser(ctx, requireUser(request), request.params.id, false),
    }),
  });

  app.get("/audit", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "The audit log of administrator actions, newest first",
      querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
      response: { 200: AuditResponseSchema, ...adminErrors },
    },
    handler: async (request) => users.listAuditLog(ctx, requireUser(request), request.query.page),
  });
};
