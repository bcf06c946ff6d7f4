import { UserSchema } from "@shared/api/auth";
import {
  CollegeAliasBodySchema,
  CollegeAliasesResponseSchema,
  CollegeAliasSchema,
  CollegeRequestDecisionSchema,
  CollegeRequestsResponseSchema,
  CollegeSearchQuerySchema,
  CollegeSearchResponseSchema,
  CollegesResponseSchema,
  MergeCollegeRequestBodySchema,
  MyCollegeRequestBodySchema,
  MyCollegeRequestResponseSchema,
  MyCollegeRequestSchema,
} from "@shared/api/colleges";
import { ErrorResponseSchema } from "@shared/api/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import { countAttempt, limitWrites } from "../../plugins/rate-limit-rules";
import { toUserDto } from "../auth/auth.service";
import {
  addAlias,
  addRequestedCollege,
  fileMyCollegeRequest,
  listAliases,
  listCollegeRequests,
  listColleges,
  mergeCollegeRequest,
  myCollegeRequest,
  removeAlias,
  searchColleges,
} from "./colleges.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

export const collegesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/", {
    config: { access: "public", isSharedAnswer: true },
    schema: {
      tags: ["colleges"],
      summary: "The college directory, grouped by city",
      response: { 200: CollegesResponseSchema },
    },
    handler: async () => ({ cities: await listColleges(ctx) }),
  });

  app.get("/search", {
    config: { access: "public", isSharedAnswer: true },
    schema: {
      tags: ["colleges"],
      summary:
        "The picker's suggestions for any word of a college's name, its city or a short name (IITB), case and accents aside; starts-with first, then word matches, then short names; rate-limited per address",
      querystring: CollegeSearchQuerySchema,
      response: { 200: CollegeSearchResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
    },
    handler: async (request) => {
      await countAttempt(ctx, "collegeSearchPerAddress", request.ip);
      return { colleges: await searchColleges(ctx, request.query.q) };
    },
  });
};

const IdParams = z.object({ id: z.uuid("Not found.") });
const AliasParams = z.object({ id: z.uuid("Not found."), alias: z.string().max(60) });

/** The Colleges tab's short names (registered under /api/admin). */
export const adminCollegeAliasesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/college-aliases", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "colleges"],
      summary: "Every college's short names (IITB, DU), with their college",
      response: { 200: CollegeAliasesResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { aliases: await listAliases(ctx, requireUser(request)) };
    },
  });

  app.post("/colleges/:id/aliases", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "colleges"],
      summary:
        "Give a college a short name the picker finds it by (e.g. IITB); one spelling per college, any case",
      params: IdParams,
      body: CollegeAliasBodySchema,
      response: { 201: z.object({ alias: CollegeAliasSchema }), ...errors },
    },
    preHandler: limitWrites(ctx, "verificationAdmin"),
    handler: async (request, reply) => {
      const alias = await addAlias(ctx, requireUser(request), request.params.id, request.body.alias);
      return reply.code(201).send({ alias });
    },
  });

  app.delete("/colleges/:id/aliases/:alias", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "colleges"],
      summary: "Take a short name from a college",
      params: AliasParams,
      response: { 204: z.null(), ...errors },
    },
    preHandler: limitWrites(ctx, "verificationAdmin"),
    handler: async (request, reply) => {
      await removeAlias(ctx, requireUser(request), request.params.id, request.params.alias);
      return reply.code(204).send(null);
    },
  });
};

/** The Colleges tab's requests for missing colleges (registered under /api/admin). */
export const adminCollegeRequestsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get("/college-requests", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "colleges"],
      summary: "The waiting 'My college isn't listed' requests, oldest first, with the student who asked",
      response: { 200: CollegeRequestsResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { requests: await listCollegeRequests(ctx, requireUser(request)) };
    },
  });

  app.post("/college-requests/:id/add", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "colleges"],
      summary:
        "'Add': the requested college joins the directory, the student is given it and told; 409 when already decided or already listed",
      params: IdParams,
      response: { 200: CollegeRequestDecisionSchema, ...errors },
    },
    preHandler: limitWrites(ctx, "verificationAdmin"),
    handler: async (request) => addRequestedCollege(ctx, requireUser(request), request.params.id),
  });

  app.post("/college-requests/:id/merge", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "colleges"],
      summary:
        "'Merge into {existing}': the student is given a college the directory already lists and told; 409 when already decided",
      params: IdParams,
      body: MergeCollegeRequestBodySchema,
      response: { 200: CollegeRequestDecisionSchema, ...errors },
    },
    preHandler: limitWrites(ctx, "verificationAdmin"),
    handler: async (request) =>
      mergeCollegeRequest(ctx, requireUser(request), request.params.id, request.body.collegeId),
  });
};

/** Settings > 'Your college': a signed-in student's own "My college isn't listed" (decision 056). */
export const myCollegeRequestRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/me/college-request", {
    config: { access: "user" },
    schema: {
      tags: ["colleges"],
      summary:
        "My request for a college the directory lacks, while it waits for the administrator; null otherwise",
      response: { 200: MyCollegeRequestResponseSchema, ...errors },
    },
    handler: async (request) => ({ request: await myCollegeRequest(ctx, requireUser(request)) }),
  });

  app.post("/me/college-request", {
    config: { access: "user" },
    schema: {
      tags: ["colleges"],
      summary:
        "\"My college isn't listed\" after sign-up: the college's name and city (sign-up's rules), decided by the administrator's 'Add' or 'Merge'; I am 'College pending' meanwhile; 409 while an earlier request waits; 20 a day per address",
      body: MyCollegeRequestBodySchema,
      response: { 201: z.object({ request: MyCollegeRequestSchema, user: UserSchema }), ...errors },
    },
    handler: async (request, reply) => {
      const filed = await fileMyCollegeRequest(ctx, requireUser(request), request.body, request.ip);
      return reply.code(201).send({ request: filed.request, user: toUserDto(filed.user) });
    },
  });
};
