-- The accepted price is the deal's price (issue 37): an accepted offer stores its price on the
-- item with the reservation, so the listing, its cards and the chat header show the deal's price
-- ('Reserved for you at ₹650') while the item is held. Cleared with the reservation.
ALTER TABLE "items" ADD COLUMN "reserved_price" integer;
