-- The kind of warning a flagged message calls for (issue 38, decision 051): 'qr_or_pin', 'advance',
-- 'off_platform' or 'collect_request' (shared/scam-kinds.ts); NULL for a message the guard did not
-- flag. Its recipient sees the kind's words under the first message of each kind in the chat.
ALTER TABLE "messages" ADD COLUMN "scam_kind" text;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_scam_kind_known" CHECK ("scam_kind" IN ('qr_or_pin', 'advance', 'off_platform', 'collect_request'));--> statement-breakpoint
UPDATE "messages" SET "scam_kind" = CASE
  WHEN "scam_signals" && ARRAY['qr_scan', 'qr_photo', 'pin', 'otp'] THEN 'qr_or_pin'
  WHEN "scam_signals" && ARRAY['collect_request', 'payment_link', 'short_link'] THEN 'collect_request'
  WHEN "scam_signals" && ARRAY['upi_id', 'advance_payment', 'courier_charges', 'defence_story', 'overpayment'] THEN 'advance'
END WHERE "scam_signals" <> '{}';--> statement-breakpoint
CREATE INDEX "messages_chat_scam_kind_idx" ON "messages" ("chat_id", "sender_id", "created_at") WHERE "scam_kind" IS NOT NULL;
