import {
  ADMIN_MESSAGES,
  AdminTicketResponseSchema,
  AdminTicketsResponseSchema,
  TicketStatusBodySchema,
} from "@shared/api/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import * as tickets from "../tickets/tickets.service";
import { adminErrors } from "./admin-users.routes";

const TicketParams = z.object({ ticketId: z.string().regex(/^\d{6}$/, ADMIN_MESSAGES.ticketNotFound) });

export const adminTicketsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/tickets", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Pending support tickets and the history of closed ones",
      response: { 200: AdminTicketsResponseSchema, ...adminErrors },
    },
    handler: async (request) => tickets.listAllTickets(ctx, requireUser(request)),
  });

  app.get("/tickets/:ticketId", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "One ticket by its six-digit ID, with the user's details and the copy's delivery state",
      params: TicketParams,
      response: { 200: AdminTicketResponseSchema, ...adminErrors },
    },
    handler: async (request) => ({
      ticket: await tickets.findAnyTicket(ctx, requireUser(request), request.params.ticketId),
    }),
  });

  app.post("/tickets/:ticketId/status", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Resolve or reject an open ticket (final)",
      params: TicketParams,
      body: TicketStatusBodySchema,
      response: { 200: AdminTicketResponseSchema, ...adminErrors },
    },
    handler: async (request) => ({
      ticket: await tickets.setTicketStatus(
        ctx,
        requireUser(request),
        request.params.ticketId,
        request.body.status,
      ),
    }),
  });
};
