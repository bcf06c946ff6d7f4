-- Blocking and contact privacy.
-- A block is one student's choice about another: the blocked student can no longer message or
-- follow the blocker, and neither sees the other's listings. Either account's removal ends it.
CREATE TABLE "user_blocks" (
  "blocker_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "blocked_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "user_blocks_pkey" PRIMARY KEY ("blocker_id", "blocked_id"),
  CONSTRAINT "user_blocks_not_self" CHECK ("blocker_id" <> "blocked_id")
);
--> statement-breakpoint
-- Blocks are looked up from both sides: who I blocked (the key) and who blocked me.
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_id");
--> statement-breakpoint
-- Who may see a student's mobile number and e-mail address on the student API.
ALTER TABLE "users" ADD COLUMN "mobile_visibility" text DEFAULT 'chatting' NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mobile_visibility_check"
  CHECK ("mobile_visibility" IN ('nobody', 'chatting', 'all'));
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_visibility" text DEFAULT 'nobody' NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_visibility_check"
  CHECK ("email_visibility" IN ('nobody', 'all'));
