import { SignInRefusalSchema } from "@shared/api/appeals";
import {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  MeResponseSchema,
  OkResponseSchema,
  ResetPasswordBodySchema,
  SecondFactorBodySchema,
  SecondFactorResponseSchema,
  SignupBodySchema,
  TokenBodySchema,
  UserResponseSchema,
} from "@shared/api/auth";
import { ErrorResponseSchema } from "@shared/api/errors";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { clearSessionCookie, requireUser, sessionEndReason, startSession } from "../../plugins/auth";
import { toUserDto } from "./auth.mapper";
import * as auth from "./auth.service";
import * as secondFactor from "./second-factor.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

function clientMeta(request: FastifyRequest): auth.ClientMeta {
  return { ip: request.ip, userAgent: request.headers["user-agent"] ?? "" };
}

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const secure = ctx.config.isSecureCookie;

  app.get("/me", {
    config: { access: "public" },
    schema: { tags: ["auth"], summary: "The signed-in user, or null", response: { 200: MeResponseSchema } },
    handler: async (request, reply) => {
      if (request.user) return { user: toUserDto(request.user) };
      // A tab whose live socket missed the end of its session learns why here, once; the dead
      // cookie goes with it.
      const signedOut = await sessionEndReason(ctx.db, request);
      if (!signedOut) return { user: null };
      clearSessionCookie(reply, secure);
      return { user: null, signedOut };
    },
  });

  app.post("/signup", {
    config: { access: "public" },
    schema: {
      tags: ["auth"],
      summary: "Create a student account and sign in",
      body: SignupBodySchema,
      response: { 201: UserResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const user = await auth.signup(ctx, request.body, clientMeta(request));
      await startSession(ctx.db, reply, user.id, clientMeta(request).userAgent, secure);
      return reply.code(201).send({ user: toUserDto(user) });
    },
  });

  app.post("/login", {
    config: { access: "public" },
    schema: {
      tags: ["auth"],
      summary: "Sign in with e-mail and password; the administrator gets a second step instead",
      body: LoginBodySchema,
      response: { 200: LoginResponseSchema, ...errors, 403: SignInRefusalSchema },
    },
    handler: async (request, reply) => {
      const meta = clientMeta(request);
      const user = await auth.login(ctx, request.body, meta);
      if (secondFactor.isSecondFactorRequired(user)) {
        return { secondFactor: await secondFactor.startChallenge(ctx, user) };
      }
      // A cookie the browser already had is ended, never reused.
      await auth.logout(ctx, request.sessionId);
      await startSession(ctx.db, reply, user.id, meta.userAgent, secure);
      return { user: toUserDto(user) };
    },
  });

  app.post("/second-factor", {
    config: { access: "public" },
    schema: {
      tags: ["auth"],
      summary: "Finish the administrator's sign-in with an authenticator or recovery code",
      body: SecondFactorBodySchema,
      response: { 200: SecondFactorResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { user, recoveryCodes } = await secondFactor.completeChallenge(
        ctx,
        request.body,
        clientMeta(request),
      );
      await auth.logout(ctx, request.sessionId);
      await startSession(ctx.db, reply, user.id, clientMeta(request).userAgent, secure);
      return { user: toUserDto(user), recoveryCodes };
    },
  });

  app.post("/logout", {
    config: { access: "public" },
    schema: { tags: ["auth"], summary: "End this session", response: { 204: z.null() } },
    handler: async (request, reply) => {
      await auth.logout(ctx, request.sessionId);
      clearSessionCookie(reply, secure);
      return reply.code(204).send(null);
    },
  });

  app.post("/verify-email", {
    config: { access: "public" },
    schema: {
      tags: ["auth"],
      summary: "Confirm an e-mail address with the link's token",
      body: TokenBodySchema,
      response: { 200: OkResponseSchema, ...errors },
    },
    handler: async (request) => {
      await auth.verifyEmail(ctx, request.body.token);
      return { ok: true as const };
    },
  });

  app.post("/resend-verification", {
    config: { access: "user" },
    schema: {
      tags: ["auth"],
      summary: "Send the verification link again",
      response: { 200: OkResponseSchema, ...errors },
    },
    handler: async (request) => {
      await auth.resendVerification(ctx, requireUser(request));
      return { ok: true as const };
    },
  });

  app.post("/forgot-password", {
    config: { access: "public" },
    schema: {
      tags: ["auth"],
      summary: "Mail a password reset link if the account exists",
      body: ForgotPasswordBodySchema,
      response: { 202: OkResponseSchema, ...errors },
    },
    handler: async (request, reply) => {
      await auth.forgotPassword(ctx, request.body.email, clientMeta(request));
      return reply.code(202).send({ ok: true as const });
    },
    // The mail's work starts once the answer has left (on the embedded database queries run on
    // this thread): it is more when the account exists, and must not delay the answer.
    onResponse: async () => {
      void ctx.outbox.kick();
    },
  });

  app.post("/reset-password", {
    config: { access: "public" },
    schema: {
      tags: ["auth"],
      summary: "Choose a new password with the link's token; ends all sessions",
      body: ResetPasswordBodySchema,
      response: { 200: OkResponseSchema, ...errors },
    },
    handler: async (request) => {
      await auth.resetPassword(ctx, request.body.token, request.body.password, clientMeta(request));
      return { ok: true as const };
    },
  });
};
