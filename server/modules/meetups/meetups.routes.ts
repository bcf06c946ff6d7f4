import { ErrorResponseSchema } from "@shared/api/errors";
import {
  AdminMeetupSpotsResponseSchema,
  ChatMeetupsResponseSchema,
  MeetupSchema,
  MeetupSpotBodySchema,
  MeetupSpotSchema,
  MessageOfMeetupSchema,
  ProposeMeetupBodySchema,
} from "@shared/api/meetups";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import { limitWrites } from "../../plugins/rate-limit-rules";
import {
  acceptMeetup,
  addSpot,
  decideSpot,
  editSpot,
  listChatMeetups,
  listSpots,
  meetupCalendarFile,
  proposeMeetup,
  removeSpot,
  suggestSpot,
} from "./meetups.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

const ChatParams = z.object({ chatId: z.string().min(1).max(200) });
const MeetupParams = ChatParams.extend({ meetupId: z.uuid("Meetup not found.") });
const IdParams = z.object({ id: z.uuid("Not found.") });

/** Meetups in a chat, and students' 'Suggest a spot'. */
export const meetupsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/chats/:chatId/meetups", {
    config: { access: "user" },
    schema: {
      tags: ["chats", "meetups"],
      summary:
        "The chat's meetups (newest first) and the spots to pick from: the item's college's first, then the buyer's; members only",
      params: ChatParams,
      response: { 200: ChatMeetupsResponseSchema, ...errors },
    },
    handler: (request) => listChatMeetups(ctx, requireUser(request), request.params.chatId),
  });

  app.post("/chats/:chatId/meetups", {
    config: { access: "user" },
    schema: {
      tags: ["chats", "meetups"],
      summary:
        "'Suggest a meetup': a spot of the chat's colleges and a time at least 30 minutes ahead, posted as a meetup card; members only, rate-limited",
      params: ChatParams,
      body: ProposeMeetupBodySchema,
      response: { 200: MessageOfMeetupSchema, 201: MessageOfMeetupSchema, ...errors },
    },
    preHandler: limitWrites(ctx, "meetupPropose"),
    handler: async (request, reply) => {
      const { isNew, ...answer } = await proposeMeetup(
        ctx,
        requireUser(request),
        request.params.chatId,
        request.body,
      );
      return reply.code(isNew ? 201 : 200).send(answer);
    },
  });

  app.post("/chats/:chatId/meetups/:meetupId/accept", {
    config: { access: "user" },
    schema: {
      tags: ["chats", "meetups"],
      summary: "The other side accepts a meetup suggestion; both are reminded an hour before",
      params: MeetupParams,
      response: { 200: z.object({ meetup: MeetupSchema }), ...errors },
    },
    preHandler: limitWrites(ctx, "meetupPropose"),
    handler: async (request) => ({
      meetup: await acceptMeetup(ctx, requireUser(request), request.params.chatId, request.params.meetupId),
    }),
  });

  app.get("/chats/:chatId/meetups/:meetupId/calendar.ics", {
    config: { access: "user" },
    schema: {
      tags: ["chats", "meetups"],
      summary: "The meetup as an iCalendar file (Asia/Kolkata): the spot, the time and the item's title only",
      params: MeetupParams,
      response: { 200: z.string(), ...errors },
    },
    handler: async (request, reply) => {
      const file = await meetupCalendarFile(
        ctx,
        requireUser(request),
        request.params.chatId,
        request.params.meetupId,
      );
      return reply
        .type("text/calendar; charset=utf-8")
        .header("cache-control", "no-store")
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  });

  app.post("/colleges/:id/meetup-spots", {
    config: { access: "user" },
    schema: {
      tags: ["colleges", "meetups"],
      summary: "'Suggest a spot' for a college: it waits for the administrator's approval; rate-limited",
      params: IdParams,
      body: MeetupSpotBodySchema,
      response: { 201: z.object({ spot: MeetupSpotSchema }), ...errors },
    },
    preHandler: limitWrites(ctx, "meetupSpotSuggest"),
    handler: async (request, reply) => {
      const spot = await suggestSpot(ctx, requireUser(request), request.params.id, request.body);
      return reply.code(201).send({ spot });
    },
  });
};

/** The Colleges tab's meetup spots (registered under /api/admin). */
export const adminMeetupSpotsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/meetup-spots", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "meetups"],
      summary: "Every college's meetup spots, students' suggestions waiting first",
      response: { 200: AdminMeetupSpotsResponseSchema, ...errors },
    },
    handler: async (request) => ({ spots: await listSpots(ctx, requireUser(request)) }),
  });

  app.post("/colleges/:id/meetup-spots", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "meetups"],
      summary: "Add a meetup spot to a college (listed at once); audited",
      params: IdParams,
      body: MeetupSpotBodySchema,
      response: { 201: z.object({ spot: MeetupSpotSchema }), ...errors },
    },
    preHandler: limitWrites(ctx, "verificationAdmin"),
    handler: async (request, reply) => {
      const spot = await addSpot(ctx, requireUser(request), request.params.id, request.body);
      return reply.code(201).send({ spot });
    },
  });

  app.patch("/meetup-spots/:id", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "meetups"],
      summary: "Edit a meetup spot's name and directions; audited",
      params: IdParams,
      body: MeetupSpotBodySchema,
      response: { 200: z.object({ spot: MeetupSpotSchema }), ...errors },
    },
    preHandler: limitWrites(ctx, "verificationAdmin"),
    handler: async (request) => ({
      spot: await editSpot(ctx, requireUser(request), request.params.id, request.body),
    }),
  });

  app.delete("/meetup-spots/:id", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "meetups"],
      summary: "Remove a meetup spot; meetups already agreed keep their place; audited",
      params: IdParams,
      response: { 204: z.null(), ...errors },
    },
    preHandler: limitWrites(ctx, "verificationAdmin"),
    handler: async (request, reply) => {
      await removeSpot(ctx, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  for (const decision of ["approve", "reject"] as const) {
    app.post(`/meetup-spots/:id/${decision}`, {
      config: { access: "admin" },
      schema: {
        tags: ["admin", "meetups"],
        summary:
          decision === "approve"
            ? "Approve a student's suggested spot: it is listed from now on; audited"
            : "Reject a student's suggested spot: it is removed; audited",
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
      preHandler: limitWrites(ctx, "verificationAdmin"),
      handler: async (request, reply) => {
        await decideSpot(ctx, requireUser(request), request.params.id, decision);
        return reply.code(204).send(null);
      },
    });
  }
};
