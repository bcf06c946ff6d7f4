import { CollegesResponseSchema } from "@shared/api/colleges";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { listColleges } from "./colleges.service";

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
};
