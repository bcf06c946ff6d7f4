-- A report's copy of a reported chat photo (0024) goes with the report. Whatever removes a report
-- row (a cascade from its reporter's account row, a direct delete) or replaces its photo_key queues
-- the old key here, in the same transaction; housekeeping deletes the queued files from the
-- 'reports' bucket, then their rows. A rolled-back delete queues nothing, and a file whose delete
-- fails stays queued for the next pass.
CREATE TABLE "report_photo_deletions" (
  "photo_key" text PRIMARY KEY,
  "queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "queue_report_photo_deletion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.photo_key IS NOT NULL AND (TG_OP = 'DELETE' OR NEW.photo_key IS DISTINCT FROM OLD.photo_key) THEN
    INSERT INTO report_photo_deletions (photo_key) VALUES (OLD.photo_key) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reports_queue_photo_deletion" AFTER DELETE OR UPDATE OF "photo_key" ON "reports"
  FOR EACH ROW EXECUTE FUNCTION "queue_report_photo_deletion"();
