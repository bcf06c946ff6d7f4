-- A reported chat photo is kept as evidence: the report names its own copy of the photo in the
-- 'reports' storage bucket, which outlives the chat, the message and the original file.
ALTER TABLE "reports" ADD COLUMN "photo_key" text;
