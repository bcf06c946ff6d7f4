-- Reports of a listing, a user or a message, and suspended accounts.
-- A report names its target by kind and id without a foreign key, so it outlives the target: a
-- reported message is copied into `evidence` (with the messages around it) when it is reported,
-- and stays readable after the message or its chat is gone. One open report per reporter and
-- target; the moderation queue reads the open ones grouped by target.
CREATE TABLE "reports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "reporter_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "target_type" text NOT NULL,
  "target_id" uuid NOT NULL,
  "target_user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "reason" text NOT NULL,
  "details" text DEFAULT '' NOT NULL,
  "evidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "outcome" text,
  "resolved_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "reports_target_type_check" CHECK ("target_type" in ('listing', 'user', 'message')),
  CONSTRAINT "reports_status_check" CHECK ("status" in ('open', 'resolved'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_per_reporter" ON "reports" USING btree ("reporter_id", "target_type", "target_id") WHERE "reports"."status" = 'open';
--> statement-breakpoint
CREATE INDEX "reports_open_target_idx" ON "reports" USING btree ("target_type", "target_id", "created_at") WHERE "reports"."status" = 'open';
--> statement-breakpoint
CREATE INDEX "reports_target_user_idx" ON "reports" USING btree ("target_user_id", "created_at");
--> statement-breakpoint
-- A suspension: from when, and until when (null until = permanent). Lifting clears both; a
-- suspension whose end has passed is over without a write.
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;
--> statement-breakpoint
-- Browse subtracts the items of the few sellers it may hide: suspended ones join them.
DROP INDEX IF EXISTS "users_maybe_hidden_idx";
--> statement-breakpoint
CREATE INDEX "users_maybe_hidden_idx" ON "users" USING btree ("id") WHERE "users"."deleted_at" is not null or "users"."holiday_active" or "users"."suspended_at" is not null;
