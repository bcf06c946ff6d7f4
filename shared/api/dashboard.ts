import { z } from "zod";

export const ActivitySchema = z.object({
  id: z.string(),
  kind: z.string(),
  text: z.string(),
  at: z.string(),
  href: z.string().nullable(),
});

export const DashboardResponseSchema = z.object({
  itemsSold: z.number().int(),
  followers: z.number().int(),
  itemsSelling: z.number().int(),
  recentActivity: z.array(ActivitySchema),
  supportEmail: z.string(),
});
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;

export const AdminOverviewResponseSchema = z.object({
  students: z.number().int(),
  cities: z.number().int(),
  colleges: z.number().int(),
  activeItems: z.number().int(),
});
export type AdminOverviewResponse = z.infer<typeof AdminOverviewResponseSchema>;
