-- 'Verified Student' means the college (issue 36, decision 045). A college in the directory may
-- carry e-mail domains, each at most one college's (a subdomain is its own entry).
CREATE TABLE "college_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"college_id" uuid NOT NULL REFERENCES "colleges"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "college_domains_college_idx" ON "college_domains" ("college_id");--> statement-breakpoint
-- A verified student: when, for which college (a changed college is no longer verified), how, and
-- the college address as a keyed hash only (HMAC with a server secret), never the address itself.
ALTER TABLE "users" ADD COLUMN "college_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "college_verified_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "college_verified_via" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "college_email_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_college_verified_via_check" CHECK ("college_verified_via" IN ('email', 'id'));--> statement-breakpoint
CREATE INDEX "users_college_email_hash_idx" ON "users" ("college_email_hash") WHERE "college_email_hash" IS NOT NULL;--> statement-breakpoint
-- A suspended account's number cannot sign up again: sign-up looks it up among the suspended.
CREATE INDEX "users_suspended_mobile_idx" ON "users" ("mobile") WHERE "suspended_at" IS NOT NULL;--> statement-breakpoint
-- One code waiting per student: its keyed hash, the address's keyed hash, and the tries used.
CREATE TABLE "college_codes" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"email_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"college_name" text NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- Student ID photos for review; the photo's key is cleared (and the file deleted) at the decision.
CREATE TABLE "id_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"college_name" text NOT NULL,
	"photo_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "id_verifications_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "id_verifications_one_pending" ON "id_verifications" ("user_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "id_verifications_user_idx" ON "id_verifications" ("user_id", "created_at");
