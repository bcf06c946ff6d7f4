-- Browse filters on the seller's college held on the item, and searches one trigram index.
ALTER TABLE "items" ADD COLUMN "seller_college" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "items" SET "seller_college" = "users"."college" FROM "users" WHERE "users"."id" = "items"."seller_id";--> statement-breakpoint
-- An item always takes its seller's current college, whatever the insert or update says. The row lock
-- waits for a concurrent change of that college, so an item inserted meanwhile cannot keep the old one.
CREATE FUNCTION "items_take_seller_college"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.seller_college := coalesce((SELECT college FROM users WHERE id = NEW.seller_id FOR SHARE), '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "items_take_seller_college" BEFORE INSERT OR UPDATE OF "seller_id", "seller_college" ON "items"
  FOR EACH ROW EXECUTE FUNCTION "items_take_seller_college"();--> statement-breakpoint
-- When a user's college changes (by an administrator or anything else), their items follow.
CREATE FUNCTION "users_college_to_items"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE items SET seller_college = NEW.college
    WHERE seller_id = NEW.id AND seller_college IS DISTINCT FROM NEW.college;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_college_to_items" AFTER UPDATE OF "college" ON "users"
  FOR EACH ROW WHEN (OLD.college IS DISTINCT FROM NEW.college) EXECUTE FUNCTION "users_college_to_items"();--> statement-breakpoint
CREATE INDEX "items_active_college_category_created_idx" ON "items" USING btree ("seller_college","category","created_at" DESC NULLS LAST) WHERE "items"."is_active";--> statement-breakpoint
-- Name and type searched together; no pending list, so new items are found through the index at full speed.
CREATE INDEX "items_search_trgm_idx" ON "items" USING gin (lower("product_name" || ' ' || "type") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
DROP INDEX "items_product_name_trgm_idx";--> statement-breakpoint
DROP INDEX "items_type_trgm_idx";
