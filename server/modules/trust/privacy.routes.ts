import { ErrorResponseSchema } from "@shared/api/errors";
import { PrivacyResponseSchema, PrivacySchema } from "@shared/api/trust";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../plugins/auth";
import { limitWrites } from "../../plugins/rate-limit-rules";
import * as service from "./privacy.service";

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  404: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

/** Who may see the caller's mobile number and e-mail address; only ever the caller's own. */
export const privacyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/me/privacy", {
    config: { access: "user" },
    schema: {
      tags: ["settings"],
      summary: "Who can see my mobile number and e-mail address",
      response: { 200: PrivacyResponseSchema, ...errors },
    },
    handler: async (request) => ({ privacy: await service.getPrivacy(ctx, requireUser(request)) }),
  });

  app.put("/me/privacy", {
    config: { access: "user" },
    schema: {
      tags: ["settings"],
      summary: "Choose who can see my mobile number and e-mail address",
      body: PrivacySchema,
      response: { 200: PrivacyResponseSchema, ...errors },
    },
    preHandler: limitWrites(ctx, "profileEdit"),
    handler: async (request) => ({
      privacy: await service.setPrivacy(ctx, requireUser(request), request.body),
    }),
  });
};
