-- 'My college isn't listed' (issue 37): a student signs up naming a college the directory lacks;
-- the account starts with no college and 'College pending' until the administrator adds the
-- college ('Add') or assigns an existing one ('Merge into {existing}').
ALTER TABLE "users" ADD COLUMN "college_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "college_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"college_id" uuid REFERENCES "colleges"("id") ON DELETE SET NULL,
	"decided_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "college_requests_status_check" CHECK ("status" IN ('pending', 'added', 'merged'))
);--> statement-breakpoint
-- One waiting request per student.
CREATE UNIQUE INDEX "college_requests_one_pending" ON "college_requests" ("user_id") WHERE "status" = 'pending';--> statement-breakpoint
-- The Colleges tab lists the waiting requests, oldest first.
CREATE INDEX "college_requests_pending_created_idx" ON "college_requests" ("created_at") WHERE "status" = 'pending';
