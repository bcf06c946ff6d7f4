-- A mobile number is shared by consent only (issue 36). 'Who can see my mobile number' keeps two
-- choices: 'shared' (the default: only the member of a chat where the student chose 'Share my
-- number', and the viewers of an item where they ticked 'show my mobile number') and 'all'.
-- 'People I''m chatting with' ('chatting') opened the number with one reply, and 'nobody' is now
-- the same as 'shared': both move to 'shared'.
ALTER TABLE "users" DROP CONSTRAINT "users_mobile_visibility_check";
--> statement-breakpoint
-- Each student on 'chatting' is told once, before the move.
INSERT INTO "notifications" ("user_id", "type", "text", "link")
  SELECT "id", 'admin',
    'Your mobile number is now shared only when you choose ''Share my number'' in a chat. Change this in Settings > Privacy.',
    '/settings'
  FROM "users"
  WHERE "mobile_visibility" = 'chatting' AND "role" = 'student' AND "deleted_at" IS NULL;
--> statement-breakpoint
-- An item's tick shows its number to every student who opens the item now. A tick given while the
-- account kept its number from most students ('chatting', 'nobody') was no such consent: it is
-- taken off, and the seller ticks the item again to show the number on it.
UPDATE "items" SET "show_mobile_number" = false
  WHERE "show_mobile_number"
    AND "seller_id" IN (SELECT "id" FROM "users" WHERE "mobile_visibility" IN ('chatting', 'nobody'));
--> statement-breakpoint
UPDATE "users" SET "mobile_visibility" = 'shared' WHERE "mobile_visibility" IN ('chatting', 'nobody');
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "mobile_visibility" SET DEFAULT 'shared';
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mobile_visibility_check"
  CHECK ("mobile_visibility" IN ('shared', 'all'));
