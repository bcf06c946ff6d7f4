-- Push notifications and e-mail digests.
-- Server-wide secrets generated once at first start and shared by every instance (the VAPID key
-- pair when it is not given in the environment).
CREATE TABLE "app_secrets" (
  "name" text PRIMARY KEY NOT NULL,
  "value" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One browser's push subscription, tied to the session that made it: signing out of that device
-- (the session's removal) removes it.
CREATE TABLE "push_subscriptions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "session_id" text NOT NULL REFERENCES "sessions"("id") ON DELETE cascade,
  "endpoint" text NOT NULL,
  "p256dh" text NOT NULL,
  "auth" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");
--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id");
--> statement-breakpoint
-- Which kinds of notification a student wants pushed, and the unread-messages e-mail. No row means
-- everything on.
CREATE TABLE "notification_settings" (
  "user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "push_messages" boolean DEFAULT true NOT NULL,
  "push_deals" boolean DEFAULT true NOT NULL,
  "push_admin" boolean DEFAULT true NOT NULL,
  "push_events" boolean DEFAULT true NOT NULL,
  "email_digest" boolean DEFAULT true NOT NULL,
  "last_digest_at" timestamp with time zone
);
--> statement-breakpoint
-- Every new notification of a student with a push device queues a push in the outbox, in the
-- transaction that adds the notification: whichever code adds it, a restart loses none.
CREATE FUNCTION "queue_notification_push"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "push_subscriptions" WHERE "user_id" = NEW."user_id") THEN
    INSERT INTO "outbox" ("kind", "payload")
    VALUES ('push', jsonb_build_object('notificationId', NEW."id"::text, 'userId', NEW."user_id"::text));
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_queue_push" AFTER INSERT ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "queue_notification_push"();
