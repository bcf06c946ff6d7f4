-- Deals: offers that can be answered, reserved and sold-to items, and ratings after a real deal.
ALTER TABLE "items" ADD COLUMN "is_negotiable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "reserved_for_id" uuid REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "is_reservation_reminded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "buyer_id" uuid REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX "items_reserved_until_idx" ON "items" ("reserved_until") WHERE "reserved_for_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "offers" (
  "id" uuid PRIMARY KEY NOT NULL REFERENCES "messages"("id") ON DELETE CASCADE,
  "chat_id" text NOT NULL REFERENCES "chats"("id") ON DELETE CASCADE,
  "item_id" uuid NOT NULL REFERENCES "items"("id") ON DELETE CASCADE,
  "buyer_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "seller_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "is_counter" boolean DEFAULT false NOT NULL,
  "price" integer NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "answered_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "offers_status_check" CHECK ("status" in ('pending', 'accepted', 'declined', 'countered', 'withdrawn', 'expired', 'replaced')),
  CONSTRAINT "offers_price_positive" CHECK ("price" > 0)
);--> statement-breakpoint
CREATE INDEX "offers_chat_idx" ON "offers" ("chat_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_pending_per_chat" ON "offers" ("chat_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "offers_pending_expiry_idx" ON "offers" ("expires_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE TABLE "ratings" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "item_id" uuid REFERENCES "items"("id") ON DELETE SET NULL,
  "item_name" text NOT NULL,
  "rater_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "ratee_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "stars" integer NOT NULL,
  "comment" text DEFAULT '' NOT NULL,
  "deal_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "ratings_stars_check" CHECK ("stars" between 1 and 5),
  CONSTRAINT "ratings_comment_length" CHECK (char_length("comment") <= 300)
);--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_item_rater_unique" ON "ratings" ("item_id", "rater_id");--> statement-breakpoint
CREATE INDEX "ratings_ratee_idx" ON "ratings" ("ratee_id", "created_at" DESC);--> statement-breakpoint
-- A rating can be reported like a listing, a user or a message.
ALTER TABLE "reports" DROP CONSTRAINT "reports_target_type_check";--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_type_check" CHECK ("target_type" in ('listing', 'user', 'message', 'rating'));
