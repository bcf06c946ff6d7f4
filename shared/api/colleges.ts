import { z } from "zod";

export const CollegesResponseSchema = z.object({
  cities: z.array(
    z.object({
      city: z.string(),
      colleges: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
});
export type CollegesResponse = z.infer<typeof CollegesResponseSchema>;
