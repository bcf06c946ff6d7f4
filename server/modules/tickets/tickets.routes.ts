import { ErrorResponseSchema } from "@shared/api/errors";
import { CreateTicketBodySchema, TicketListResponseSchema, TicketResponseSchema } from "@shared/api/tickets";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import * as service from "./tickets.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

export const ticketsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post("/tickets", {
    config: { access: "user" },
    schema: {
      tags: ["tickets"],
      summary: "Raise a support ticket",
      body: CreateTicketBodySchema,
      response: { 201: TicketResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const ticket = await service.createTicket(ctx, requireUser(request), request.body);
      return reply.code(201).send({ ticket });
    },
  });

  app.get("/tickets", {
    config: { access: "user" },
    schema: {
      tags: ["tickets"],
      summary: "My support tickets, newest first",
      response: { 200: TicketListResponseSchema, ...errors },
    },
    handler: async (request) => ({ tickets: await service.listOwnTickets(ctx, requireUser(request)) }),
  });

  app.get("/tickets/:ticketId", {
    config: { access: "user" },
    schema: {
      tags: ["tickets"],
      summary: "One of my support tickets by its six-digit ID",
      params: z.object({ ticketId: z.string().regex(/^\d{6}$/, "Ticket not found") }),
      response: { 200: TicketResponseSchema, ...errors },
    },
    handler: async (request) => ({
      ticket: await service.getOwnTicket(ctx, requireUser(request), request.params.ticketId),
    }),
  });
};
