import multipart from "@fastify/multipart";
import { ErrorResponseSchema } from "@shared/api/errors";
import { MAX_UPLOAD_BYTES } from "@shared/api/items";
import {
  CollegeDomainBodySchema,
  CollegeDomainSchema,
  CollegeDomainsResponseSchema,
  CollegeVerificationResponseSchema,
  ConfirmCollegeCodeBodySchema,
  IdDecisionBodySchema,
  IdReviewsResponseSchema,
  SendCollegeCodeBodySchema,
  SendCollegeCodeResponseSchema,
} from "@shared/api/verification";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { sendImage } from "../../lib/send-image";
import { requireUser } from "../../plugins/auth";
import { limitWrites } from "../../plugins/rate-limit-rules";
import { addDomain, listDomains, removeDomain } from "../colleges/colleges.service";

import { readSingleFile } from "../uploads/uploads.service";
import * as service from "./verification.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  409: ErrorResponseSchema,
  413: ErrorResponseSchema,
  415: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** Settings > 'Verify your college': the signed-in student's own verification only. */
export const verificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 11 },
  });

  app.get("/me/college-verification", {
    config: { access: "user" },
    schema: {
      tags: ["verification"],
      summary: "Where I stand: verified for my college or not, its e-mail domains, my student ID review",
      response: { 200: CollegeVerificationResponseSchema, ...errors },
    },
    handler: async (request) => ({ verification: await service.getVerification(ctx, requireUser(request)) }),
  });

  app.post("/me/college-verification/code", {
    config: { access: "user" },
    schema: {
      tags: ["verification"],
      summary:
        "Send a 6-digit code (valid 15 minutes) to a college address at one of my college's domains; rate-limited per student and per address",
      body: SendCollegeCodeBodySchema,
      response: { 200: SendCollegeCodeResponseSchema, ...errors },
    },
    handler: async (request) => service.sendCode(ctx, requireUser(request), request.body.email),
  });

  app.post("/me/college-verification/confirm", {
    config: { access: "user" },
    schema: {
      tags: ["verification"],
      summary: "Enter the code: the right one marks me a verified student of my college; 5 tries a code",
      body: ConfirmCollegeCodeBodySchema,
      response: { 200: CollegeVerificationResponseSchema, ...errors },
    },
    handler: async (request) => ({
      verification: await service.confirmCode(ctx, requireUser(request), request.body.code),
    }),
  });

  app.post("/me/college-verification/id-card", {
    config: { access: "user" },
    schema: {
      tags: ["verification"],
      summary:
        "Send one photo of my student ID (multipart field 'file') for the administrator's review; stored privately and deleted at the decision",
      consumes: ["multipart/form-data"],
      response: { 201: CollegeVerificationResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const user = requireUser(request);
      const file = await readSingleFile(request);
      return reply.code(201).send({ verification: await service.submitIdCard(ctx, user, file) });
    },
  });
};

const IdParams = z.object({ id: z.uuid("Not found.") });
const DomainParams = z.object({ id: z.uuid("Not found."), domain: z.string().max(253) });

/** The Verifications tab and the colleges' e-mail domains (registered under /api/admin). */
export const adminVerificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/verifications", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "verification"],
      summary: "Student IDs waiting for review, oldest first: name, college, account age, photo",
      response: { 200: IdReviewsResponseSchema, ...errors },
    },
    handler: async (request) => ({ verifications: await service.listIdReviews(ctx, requireUser(request)) }),
  });

  app.get("/verifications/:id/photo", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "verification"],
      summary: "A waiting student ID's photo; 404 once decided (the photo is deleted)",
      params: IdParams,
      response: { 200: z.any().describe("The image"), ...errors },
    },
    handler: async (request, reply) => {
      const file = await service.readIdPhoto(ctx, requireUser(request), request.params.id);
      return sendImage(reply.header("cache-control", "no-store, private"), file);
    },
  });

  app.post("/verifications/:id/decision", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "verification"],
      summary: "Approve or reject a student ID (a reason the student is told); the photo is deleted",
      params: IdParams,
      body: IdDecisionBodySchema,
      response: { 204: z.null(), ...errors },
    },
    preHandler: limitWrites(ctx, "verificationAdmin"),
    handler: async (request, reply) => {
      await service.decideIdReview(ctx, requireUser(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  });

  app.get("/college-domains", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "verification"],
      summary: "Every college e-mail domain and its college",
      response: { 200: CollegeDomainsResponseSchema, ...errors },
    },
    handler: async (request) => ({ domains: await listDomains(ctx, requireUser(request)) }),
  });

  app.post("/colleges/:id/domains", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "verification"],
      summary: "Give a college an e-mail domain (e.g. iitb.ac.in); a domain belongs to at most one college",
      params: IdParams,
      body: CollegeDomainBodySchema,
      response: { 201: z.object({ domain: CollegeDomainSchema }), ...errors },
    },
    preHandler: limitWrites(ctx, "verificationAdmin"),
    handler: async (request, reply) => {
      const domain = await addDomain(ctx, requireUser(request), request.params.id, request.body.domain);
      return reply.code(201).send({ domain });
    },
  });

  app.delete("/colleges/:id/domains/:domain", {
    config: { access: "admin" },
    schema: {
      tags: ["admin", "verification"],
      summary: "Take an e-mail domain from a college",
      params: DomainParams,
      response: { 204: z.null(), ...errors },
    },
    preHandler: limitWrites(ctx, "verificationAdmin"),
    handler: async (request, reply) => {
      await removeDomain(ctx, requireUser(request), request.params.id, request.params.domain.toLowerCase());
      return reply.code(204).send(null);
    },
  });
};
