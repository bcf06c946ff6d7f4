-- Organisers and event changes (issue 40). An administrator makes a student the organiser of their
-- college: they post, edit and cancel that college's events. Events get an end and an optional
-- registration deadline (existing ones end two hours after they start), a sequence that grows with
-- each change (the calendar file's SEQUENCE) and a cancellation that keeps the event with its reason.
ALTER TABLE "users" ADD COLUMN "organiser_college" text;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "end_date" date;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "end_time" text;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_closes_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancel_reason" text;
--> statement-breakpoint
UPDATE "events" SET
  "end_date" = (("date" + "time"::time) + interval '2 hours')::date,
  "end_time" = to_char(("date" + "time"::time) + interval '2 hours', 'HH24:MI');
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_end_whole" CHECK (("end_date" IS NULL) = ("end_time" IS NULL));
--> statement-breakpoint
-- A team whose event was cancelled is unlinked from it and says so on its card.
ALTER TABLE "recruitment_posts" ADD COLUMN "event_cancelled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The registration deadline's reminder joins the day-before and hour-before ones.
ALTER TABLE "event_reminders" DROP CONSTRAINT "event_reminders_kind_check";
--> statement-breakpoint
ALTER TABLE "event_reminders" ADD CONSTRAINT "event_reminders_kind_check" CHECK ("kind" in ('24h', '1h', 'registration'));
