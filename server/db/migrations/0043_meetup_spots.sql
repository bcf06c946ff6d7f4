-- Meetup spots and meetups (issue 38). A college's spots ('Library entrance', 'Main canteen') with a
-- line of directions: the administrator's are approved, a student's suggestion waits as pending.
CREATE TABLE "meetup_spots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"college_id" uuid NOT NULL REFERENCES "colleges"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"directions" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"suggested_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetup_spots_status_check" CHECK ("status" IN ('approved', 'pending'))
);--> statement-breakpoint
-- One spot of a name per college, whatever its case.
CREATE UNIQUE INDEX "meetup_spots_college_name_unique" ON "meetup_spots" ("college_id", lower("name"));--> statement-breakpoint
-- A meetup proposed in an item's chat; its card is a message of type 'meetup' with the same id. The
-- spot and the item's title are copied, so the card and the calendar file keep saying what was
-- agreed when a spot is edited or removed.
CREATE TABLE "meetups" (
	"id" uuid PRIMARY KEY NOT NULL REFERENCES "messages"("id") ON DELETE CASCADE,
	"chat_id" text NOT NULL REFERENCES "chats"("id") ON DELETE CASCADE,
	"proposer_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"spot_id" uuid REFERENCES "meetup_spots"("id") ON DELETE SET NULL,
	"spot_name" text NOT NULL,
	"spot_directions" text NOT NULL,
	"item_title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"accepted_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetups_status_check" CHECK ("status" IN ('proposed', 'accepted', 'replaced'))
);--> statement-breakpoint
CREATE INDEX "meetups_chat_idx" ON "meetups" ("chat_id", "created_at");--> statement-breakpoint
-- The reminder job's look-up: accepted meetups not yet reminded, by their time.
CREATE INDEX "meetups_reminder_due_idx" ON "meetups" ("starts_at") WHERE "status" = 'accepted' AND "reminded_at" IS NULL;
