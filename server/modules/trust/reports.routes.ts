import { CreateAppealBodySchema, CreateAppealResponseSchema } from "@shared/api/appeals";
import { ErrorResponseSchema } from "@shared/api/errors";
import {
  CreateReportBodySchema,
  CreateReportResponseSchema,
  ModerationActionBodySchema,
  ModerationActionResponseSchema,
  ReportQueueResponseSchema,
} from "@shared/api/reports";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { sendImage } from "../../lib/send-image";
import { requireUser } from "../../plugins/auth";
import * as appeals from "./appeals.service";
import * as service from "./reports.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** A student reports a listing, a user or a message. */
export const reportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post("/reports", {
    config: { access: "user" },
    schema: {
      tags: ["reports"],
      summary: "Report a listing, a user or a message; one open report per target, rate-limited",
      body: CreateReportBodySchema,
      response: { 201: CreateReportResponseSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await service.createReport(ctx, requireUser(request), request.body)),
  });

  // The suspended student has no session: the token from the refused sign-in names the suspension.
  app.post("/appeals", {
    config: { access: "public" },
    schema: {
      tags: ["appeals"],
      summary:
        "Appeal a suspension with the token of the refused sign-in: raises a support ticket of purpose 'Appeal', one per suspension, rate-limited per address",
      body: CreateAppealBodySchema,
      response: { 201: CreateAppealResponseSchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await appeals.createAppeal(ctx, request.body, { ip: request.ip })),
  });
};

const IdParams = z.object({ id: z.uuid("Not found.") });

/** The moderation queue and its actions (registered under /api/admin). */
export const adminReportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/reports", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "reports"],
      summary: "Open reports, one row per target, most reported and oldest first; Safety Concerns tickets",
      response: { 200: ReportQueueResponseSchema, ...errors },
    },
    handler: async (request) => service.listQueue(ctx, requireUser(request)),
  });

  app.get("/reports/:id/photo", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "reports"],
      summary:
        "The reported chat photo a report keeps as evidence, even after the chat or the message is gone",
      params: IdParams,
      response: { 200: z.any().describe("The image"), ...errors },
    },
    handler: async (request, reply) => {
      const file = await service.readReportPhoto(ctx, requireUser(request), request.params.id);
      return sendImage(reply.header("cache-control", "no-store, private"), file);
    },
  });

  app.post("/reports/:id/action", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "reports"],
      summary:
        "Dismiss, remove the content, warn or suspend (7 days, 30 days, permanently) for every open report of the target",
      params: IdParams,
      body: ModerationActionBodySchema,
      response: { 200: ModerationActionResponseSchema, ...errors },
    },
    handler: async (request) =>
      service.actOnReport(ctx, requireUser(request), request.params.id, request.body),
  });

  app.delete("/users/:id/suspension", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "reports"],
      summary: "Lift a student's suspension",
      params: IdParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.liftSuspension(ctx, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
};
