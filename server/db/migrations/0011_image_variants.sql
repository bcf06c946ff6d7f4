CREATE TABLE "image_variants" (
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"variant" text NOT NULL,
	"format" text NOT NULL,
	"bytes" integer NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_variants_bucket_key_variant_format_pk" PRIMARY KEY("bucket","key","variant","format")
);
--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_upload_fk" FOREIGN KEY ("bucket","key") REFERENCES "public"."uploads"("bucket","key") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "image_variants_used_idx" ON "image_variants" USING btree ("used_at");
