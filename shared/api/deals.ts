import { z } from "zod";

/*
 * Sales to a buyer (items' POST /sold and GET /buyers), apart from shared/api/items.ts, whose item
 * schemas the pages load: these only the server and the 'Who bought it?' dialog's types need.
 */
/** 'Mark as Sold', then 'Who bought it?': one of the people who wrote about it, or null ('Someone else'). */
export const MarkSoldBodySchema = z
  .object({ buyerId: z.uuid("Choose who bought it.").nullable().optional() })
  .nullish();

/**
 * The people who wrote or made an offer in a chat about an item, the reserved buyer first: 'Who
 * bought it?'. Someone who only opened a chat is not among them.
 */
export const ItemBuyersResponseSchema = z.object({
  buyers: z.array(z.object({ id: z.string(), name: z.string(), isReservedFor: z.boolean() })),
});
export type ItemBuyersResponse = z.infer<typeof ItemBuyersResponseSchema>;
