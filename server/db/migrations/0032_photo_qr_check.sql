-- What the scam guard's QR reader made of a chat photo: 'flagged' (a QR code), 'clean' (none), or
-- 'unchecked' (the reader did not finish: a timeout, an error, a crash), which the recipient sees
-- blurred like a flagged one. NULL for item images and profile photos, which are not read.
ALTER TABLE "uploads" ADD COLUMN "qr_check" text;--> statement-breakpoint
UPDATE "uploads" SET "qr_check" = CASE WHEN "has_qr_code" THEN 'flagged' ELSE 'clean' END WHERE "bucket" = 'chats';--> statement-breakpoint
ALTER TABLE "uploads" DROP COLUMN "has_qr_code";--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_qr_check_known" CHECK ("qr_check" IN ('flagged', 'unchecked', 'clean'));
