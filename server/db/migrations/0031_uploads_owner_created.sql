-- The daily upload quota sums one student's stored bytes of the last 24 hours on every upload.
CREATE INDEX "uploads_owner_created_idx" ON "uploads" USING btree ("owner_id", "created_at");
