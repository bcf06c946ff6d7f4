import { ChatResponseSchema } from "@shared/api/chats";
import { ErrorResponseSchema } from "@shared/api/errors";
import {
  RecruitmentInputSchema,
  RecruitmentListResponseSchema,
  RecruitmentPostResponseSchema,
  RecruitmentQuerySchema,
  TeamRequestBodySchema,
  TeamRequestListResponseSchema,
  TeamRequestResponseSchema,
} from "@shared/api/recruitment";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import { limitWrites } from "../../plugins/rate-limit-rules";
import * as service from "./recruitment.service";
import * as requests from "./team-requests.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const PostParams = z.object({ id: z.uuid("Recruitment post not found.") });
const RequestParams = z.object({ requestId: z.uuid("Request not found.") });
const answered = { 200: TeamRequestResponseSchema, ...errors, 409: ErrorResponseSchema };

export const recruitmentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/recruitment-posts", {
    config: { access: "user" },
    schema: {
      tags: ["recruitment"],
      summary: "Active recruitment posts: search, academic year, college, four sorts, 12 per page",
      querystring: RecruitmentQuerySchema,
      response: { 200: RecruitmentListResponseSchema, ...errors },
    },
    handler: async (request) => service.listPosts(ctx, requireUser(request), request.query),
  });

  app.post("/recruitment-posts", {
    config: { access: "user" },
    schema: {
      tags: ["recruitment"],
      summary: "Post a teammate search (with edits: 6 a minute, 30 an hour)",
      body: RecruitmentInputSchema,
      response: { 201: RecruitmentPostResponseSchema, ...errors, 429: ErrorResponseSchema },
    },
    preHandler: limitWrites(ctx, "recruitmentWrite"),
    handler: async (request, reply) => {
      const post = await service.createPost(ctx, requireUser(request), request.body);
      return reply.code(201).send({ post });
    },
  });

  app.patch("/recruitment-posts/:id", {
    config: { access: "user" },
    schema: {
      tags: ["recruitment"],
      summary: "Edit one's own recruitment post (with posts: 6 a minute, 30 an hour)",
      params: PostParams,
      body: RecruitmentInputSchema,
      response: { 200: RecruitmentPostResponseSchema, ...errors, 429: ErrorResponseSchema },
    },
    preHandler: limitWrites(ctx, "recruitmentWrite"),
    handler: async (request) => ({
      post: await service.updatePost(ctx, requireUser(request), request.params.id, request.body),
    }),
  });

  app.delete("/recruitment-posts/:id", {
    config: { access: "user" },
    schema: {
      tags: ["recruitment"],
      summary: "Delete one's own recruitment post",
      params: PostParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await service.deletePost(ctx, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.post("/recruitment-posts/:id/message", {
    config: { access: "user" },
    schema: {
      tags: ["recruitment"],
      summary: "Open a recruitment chat with the recruiter (the first time, an inquiry is sent)",
      params: PostParams,
      body: z.object({ clientId: z.string().min(8).max(64).optional() }).optional(),
      response: { 200: ChatResponseSchema, ...errors },
    },
    handler: async (request) => ({
      chat: await service.messageRecruiter(
        ctx,
        requireUser(request),
        request.params.id,
        request.body?.clientId,
      ),
    }),
  });

  app.post("/recruitment-posts/:id/requests", {
    config: { access: "user" },
    schema: {
      tags: ["recruitment"],
      summary: "'Request to Join' a team, with an optional note (up to 300 characters)",
      params: PostParams,
      body: TeamRequestBodySchema,
      response: {
        201: TeamRequestResponseSchema,
        ...errors,
        409: ErrorResponseSchema,
        429: ErrorResponseSchema,
      },
    },
    preHandler: limitWrites(ctx, "teamRequest"),
    handler: async (request, reply) => {
      const created = await requests.requestToJoin(
        ctx,
        requireUser(request),
        request.params.id,
        request.body.note,
      );
      return reply.code(201).send({ request: created });
    },
  });

  app.get("/recruitment-posts/:id/requests", {
    config: { access: "user" },
    schema: {
      tags: ["recruitment"],
      summary: "The post's pending requests and members (the recruiter only)",
      params: PostParams,
      response: { 200: TeamRequestListResponseSchema, ...errors },
    },
    handler: async (request) => ({
      requests: await requests.listRequests(ctx, requireUser(request), request.params.id),
    }),
  });

  const answerSummaries = {
    accept: "Accept a pending request to join (the recruiter)",
    decline: "Decline a pending request to join (the recruiter)",
    remove: "Remove a member from one's team (the recruiter)",
    leave: "'Leave Team' (the member; the recruiter is told)",
  } as const;
  for (const answer of ["accept", "decline", "remove", "leave"] as const) {
    app.post(`/team-requests/:requestId/${answer}`, {
      config: { access: "user" },
      schema: {
        tags: ["recruitment"],
        summary: answerSummaries[answer],
        params: RequestParams,
        response: answered,
      },
      handler: async (request) => ({
        request: await requests.answerRequest(ctx, requireUser(request), request.params.requestId, answer),
      }),
    });
  }

  app.delete("/team-requests/:requestId", {
    config: { access: "user" },
    schema: {
      tags: ["recruitment"],
      summary: "'Cancel Request' while it is pending (the requester)",
      params: RequestParams,
      response: answered,
    },
    handler: async (request) => ({
      request: await requests.answerRequest(ctx, requireUser(request), request.params.requestId, "cancel"),
    }),
  });
};
