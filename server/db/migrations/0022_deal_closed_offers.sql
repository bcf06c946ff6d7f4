-- A pending offer or counter is closed when its item is sold: it can no longer be answered.
ALTER TABLE "offers" DROP CONSTRAINT "offers_status_check";--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_status_check" CHECK ("status" in ('pending', 'accepted', 'declined', 'countered', 'withdrawn', 'expired', 'replaced', 'closed'));
--> statement-breakpoint
-- Where a notification opens when it is not simply its chat (the rating prompt opens the chat's rating).
ALTER TABLE "notifications" ADD COLUMN "link" text;
