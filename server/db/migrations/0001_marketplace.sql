CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_user_id_item_id_pk" PRIMARY KEY("user_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"owner_id" uuid,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_bucket_key_pk" PRIMARY KEY("bucket","key")
);
--> statement-breakpoint
DROP INDEX "items_active_created_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "holiday_active" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "holiday_from" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "holiday_to" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "holiday_activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "holiday_deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourites_item_idx" ON "favourites" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "items_active_price_idx" ON "items" USING btree ("price","created_at" DESC NULLS LAST) WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_active_category_created_idx" ON "items" USING btree ("category","created_at" DESC NULLS LAST) WHERE "items"."is_active";--> statement-breakpoint
CREATE INDEX "items_product_name_trgm_idx" ON "items" USING gin ("product_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_type_trgm_idx" ON "items" USING gin ("type" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_college_idx" ON "users" USING btree ("college");--> statement-breakpoint
CREATE INDEX "items_active_created_idx" ON "items" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."is_active";