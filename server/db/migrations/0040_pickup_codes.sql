-- Pickup codes (issue 38): an accepted offer gives the reserved buyer a 4-digit code, which the
-- seller types at the handover to record the sale to that buyer. One row per reserved item; the
-- code is kept as it is (decision 050: a hash of 4 digits hides nothing) and only the buyer's
-- answers read it. Five wrong codes lock the handover until locked_until. Releasing, lapsing or
-- selling the reservation deletes the row.
CREATE TABLE "pickup_codes" (
  "item_id" uuid PRIMARY KEY NOT NULL REFERENCES "items"("id") ON DELETE CASCADE,
  "buyer_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "code" text NOT NULL,
  "failed_attempts" integer DEFAULT 0 NOT NULL,
  "locked_until" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "pickup_codes_code_digits" CHECK ("code" ~ '^[0-9]{4}$'),
  CONSTRAINT "pickup_codes_attempts_range" CHECK ("failed_attempts" >= 0)
);
