-- Browse that stays flat at a million listings: a college's listing, newest first (and, read
-- backwards, oldest first), is read off one index and stops at the page instead of sorting every
-- item of the college. It carries the seller (INCLUDE), so the ids of a deep page (page 50: 600
-- entries) are read from the index alone, leaving out hidden and blocked sellers there.
CREATE INDEX "items_active_college_created_idx" ON "items" USING btree ("seller_college", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("seller_id") WHERE "items"."is_active";
--> statement-breakpoint
-- One category by price (low to high; read backwards, high to low): the page comes off this index
-- instead of walking every price for the category's items.
CREATE INDEX "items_active_category_price_idx" ON "items" USING btree ("category", "price", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) WHERE "items"."is_active";
