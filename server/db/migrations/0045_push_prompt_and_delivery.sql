-- Asking to notify at the moment of intent (issue 39): the in-app card's answers are kept per
-- student, not per browser, so a 'Not now' on the phone holds on the laptop too. 'Not now' waits a
-- week and ends the asking after three; 'Turn on' ends it for good (Settings keeps the switch).
CREATE TABLE "push_prompts" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "not_now_count" integer NOT NULL DEFAULT 0,
  "last_not_now_at" timestamp with time zone,
  "turned_on_at" timestamp with time zone,
  CONSTRAINT "push_prompts_not_now_count" CHECK ("not_now_count" >= 0)
);
--> statement-breakpoint
-- Read state like WhatsApp's: up to which message time a member's device has received the chat
-- (over the live socket, or by fetching the thread). The other member's messages up to then show
-- two ticks; last_read_at (seen) colours them.
ALTER TABLE "chat_members" ADD COLUMN "delivered_at" timestamp with time zone;
