-- Each suspension as a record of its own: its reason (the sign-in refusal and the mail show it),
-- who suspended, from which report, and when it was lifted. users.suspended_at/_until stay what
-- sign-in and the listings check; this table is what the student and the moderator read.
CREATE TABLE "suspensions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "actor_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "report_id" uuid REFERENCES "reports"("id") ON DELETE SET NULL,
  "reason" text NOT NULL DEFAULT '',
  "starts_at" timestamp with time zone NOT NULL DEFAULT now(),
  "ends_at" timestamp with time zone,
  "lifted_at" timestamp with time zone,
  "lifted_by" uuid REFERENCES "users"("id") ON DELETE SET NULL
);--> statement-breakpoint
CREATE INDEX "suspensions_user_idx" ON "suspensions" ("user_id", "starts_at" DESC);--> statement-breakpoint
-- An appeal is a support ticket linked to its suspension: one per suspension.
ALTER TABLE "support_tickets" ADD COLUMN "suspension_id" uuid REFERENCES "suspensions"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_one_appeal_per_suspension" ON "support_tickets" ("suspension_id") WHERE "suspension_id" IS NOT NULL;--> statement-breakpoint
-- The suspensions running now get their record, with the reason the audit log kept.
INSERT INTO "suspensions" ("user_id", "actor_id", "reason", "starts_at", "ends_at")
SELECT u."id", a."actor_id", coalesce(a."details"->>'reason', ''), u."suspended_at", u."suspended_until"
FROM "users" u
LEFT JOIN LATERAL (
  SELECT l."actor_id", l."details" FROM "audit_log" l
  WHERE l."action" = 'moderation.suspend' AND l."details"->>'userId' = u."id"::text
  ORDER BY l."created_at" DESC, l."id" DESC LIMIT 1
) a ON true
WHERE u."suspended_at" IS NOT NULL AND (u."suspended_until" IS NULL OR u."suspended_until" > now());
--> statement-breakpoint
-- Why a session was ended for its owner (suspended, or signed out from another device), kept a
-- month under the hash of its cookie: a tab whose live socket was down learns it from GET /api/auth/me.
CREATE TABLE "ended_sessions" (
  "id" text PRIMARY KEY NOT NULL,
  "reason" text NOT NULL,
  "ended_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "ended_sessions_reason_known" CHECK ("reason" IN ('suspended', 'ended-elsewhere'))
);
