-- The outbox in lanes: each lane claims its own kinds, due rows first (retries by when they fall
-- due, not by id), and a claim carries a token that marking the row sent or failed checks, so a
-- worker whose lease ran out cannot overwrite the row another worker claimed since.
ALTER TABLE "outbox" ADD COLUMN "claim_token" uuid;
--> statement-breakpoint
DROP INDEX "outbox_due_idx";
--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("kind", "next_attempt_at", "id")
  WHERE "sent_at" IS NULL AND "failed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "outbox_leased_idx" ON "outbox" USING btree ("locked_until")
  WHERE "sent_at" IS NULL AND "failed_at" IS NULL AND "locked_until" IS NOT NULL;
