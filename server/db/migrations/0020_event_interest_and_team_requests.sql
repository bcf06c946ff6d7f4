-- Events people turn up to, and teams that fill.
-- A student's interest in an event: one row per student and event, so setting it twice counts once.
CREATE TABLE "event_interests" (
  "event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE cascade,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "event_interests_pkey" PRIMARY KEY ("event_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "event_interests_user_idx" ON "event_interests" USING btree ("user_id");
--> statement-breakpoint
-- Each reminder (24 hours and 1 hour before the start) sent to an interested student: the key makes
-- it once each, whichever instance's job claims it first, before or after a restart.
CREATE TABLE "event_reminders" (
  "event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE cascade,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "kind" text NOT NULL,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "event_reminders_pkey" PRIMARY KEY ("event_id", "user_id", "kind"),
  CONSTRAINT "event_reminders_kind_check" CHECK ("kind" IN ('24h', '1h'))
);
--> statement-breakpoint
-- A recruitment post may name one of the listed events (besides the free-text event field).
ALTER TABLE "recruitment_posts" ADD COLUMN "event_id" uuid REFERENCES "events"("id") ON DELETE set null;
--> statement-breakpoint
CREATE INDEX "recruitment_event_idx" ON "recruitment_posts" USING btree ("event_id") WHERE "event_id" IS NOT NULL;
--> statement-breakpoint
-- Requests to join a team. One open (pending or accepted) request per student and post.
CREATE TABLE "team_requests" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "post_id" uuid NOT NULL REFERENCES "recruitment_posts"("id") ON DELETE cascade,
  "requester_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "note" text DEFAULT '' NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "team_requests_status_check"
    CHECK ("status" IN ('pending', 'accepted', 'declined', 'cancelled', 'removed')),
  CONSTRAINT "team_requests_note_length" CHECK (char_length("note") <= 300)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "team_requests_open_idx" ON "team_requests" USING btree ("post_id", "requester_id")
  WHERE "status" IN ('pending', 'accepted');
--> statement-breakpoint
CREATE INDEX "team_requests_requester_idx" ON "team_requests" USING btree ("requester_id", "status");
