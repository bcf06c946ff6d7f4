import { z } from "zod";
import { ItemSummarySchema } from "./items";

/** How many listings 'New near you' shows. */
export const NEW_NEAR_YOU_COUNT = 6;

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
  /**
   * 'New near you', for a student with no activity yet: the newest listings of their college, then
   * of their city's other colleges, up to NEW_NEAR_YOU_COUNT. Empty once they have activity.
   */
  newNearYou: z.array(ItemSummarySchema),
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
