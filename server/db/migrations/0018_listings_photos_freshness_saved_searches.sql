-- Several photos per item, listing freshness (30 days, renewable), price-drop notices, saved
-- searches with background alerts, and the state of background jobs that run on one instance.
-- An item's photos in order; the first is the cover, which product_image keeps (the API's
-- 'productImage'). Items posted before this carry their one photo; an empty list (a row written
-- without it) reads as the one product_image.
ALTER TABLE "items" ADD COLUMN "images" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
UPDATE "items" SET "images" = ARRAY["product_image"];
--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_images_count" CHECK (cardinality("images") <= 8);
--> statement-breakpoint
-- Which item shows an uploaded file (so a file some item still shows is never deleted).
CREATE INDEX "items_images_idx" ON "items" USING gin ("images");
--> statement-breakpoint
-- A listing is active until expires_at (30 days from posting or its last renewal); the listings
-- job then sets is_active false and expired_at. expiry_warned_at: the seller was told 3 days ahead.
ALTER TABLE "items" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '30 days' NOT NULL;
--> statement-breakpoint
UPDATE "items" SET "expires_at" = greatest("created_at", now()) + interval '30 days';
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "expired_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "expiry_warned_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "price_drop_notified_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "items_active_expires_idx" ON "items" USING btree ("expires_at") WHERE "items"."is_active";
--> statement-breakpoint
-- A student's saved search on /buy. unseen_count: matches since the student last viewed it;
-- pending_count: matches not yet announced (at most one notice per search per hour).
CREATE TABLE "saved_searches" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "search" text DEFAULT '' NOT NULL,
  "category" text DEFAULT 'all' NOT NULL,
  "college" text DEFAULT '' NOT NULL,
  "unseen_count" integer DEFAULT 0 NOT NULL,
  "pending_count" integer DEFAULT 0 NOT NULL,
  "notified_at" timestamp with time zone,
  "seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE INDEX "saved_searches_pending_idx" ON "saved_searches" USING btree ("notified_at") WHERE "saved_searches"."pending_count" > 0;
--> statement-breakpoint
-- A background job's lease (so one instance runs it at a time) and its progress (survives restarts).
CREATE TABLE "job_state" (
  "name" text PRIMARY KEY NOT NULL,
  "locked_until" timestamp with time zone,
  "cursor_at" timestamp with time zone,
  "cursor_id" uuid
);
--> statement-breakpoint
INSERT INTO "job_state" ("name", "cursor_at") VALUES ('listings', now());
