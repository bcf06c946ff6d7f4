-- Browse that stays flat at a million listings (issue 23).
-- A college's listing, newest first (and, read backwards, oldest first), is read off one index and
-- stops at the page instead of sorting every item of the college. Like the college and category
-- index below, it carries the seller, name and type (INCLUDE): the ids of a deep page (page 50:
-- 600 entries), and a search within the college, are read from the index alone.
CREATE INDEX "items_active_college_created_idx" ON "items" USING btree ("seller_college", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("seller_id", "product_name", "type") WHERE "items"."is_active";
--> statement-breakpoint
DROP INDEX IF EXISTS "items_active_college_category_created_idx";
--> statement-breakpoint
CREATE INDEX "items_active_college_category_created_idx" ON "items" USING btree ("seller_college", "category", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("seller_id", "product_name", "type") WHERE "items"."is_active";
--> statement-breakpoint
-- One category by price (low to high; read backwards, high to low): the page comes off this index
-- instead of walking every price for the category's items.
CREATE INDEX "items_active_category_price_idx" ON "items" USING btree ("category", "price", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST) WHERE "items"."is_active";
