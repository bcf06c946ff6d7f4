import { AdminOverviewResponseSchema } from "@shared/api/dashboard";
import { ErrorResponseSchema } from "@shared/api/errors";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { items, users } from "../../db/schema";
import { countColleges } from "../colleges/colleges.repository";

export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get("/overview", {
    config: { access: "admin" },
    schema: {
      tags: ["admin"],
      summary: "Counts for the admin panel",
      response: { 200: AdminOverviewResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
    },
    handler: async () => {
      const [[students], [activeItems], directory] = await Promise.all([
        ctx.db
          .select({ count: sql<number>`count(*)::int` })
          .from(users)
          .where(and(eq(users.role, "student"), isNull(users.deletedAt))),
        ctx.db.select({ count: sql<number>`count(*)::int` }).from(items).where(eq(items.isActive, true)),
        countColleges(ctx.db),
      ]);
      return {
        students: students?.count ?? 0,
        activeItems: activeItems?.count ?? 0,
        cities: directory.cities,
        colleges: directory.colleges,
      };
    },
  });
};
