-- Browse's search forgives (issue 37, decision 047).
--
-- search_normal is the one spelling both sides of a search are read in: lower-case, without the
-- marks that join the parts of a model number ('-', '_', '.', '/'): 'fx-991EX', 'fx.991ex' and
-- 'fx_991ex' all read 'fx991ex'. The query is spelled the same way in
-- server/modules/items/search-terms.ts. translate, not a regular expression: browse walks a
-- college's index computing it for every entry (11,700 entries on a busy machine: lower() alone
-- 22 ms, this 34 to 57 ms, the regular expressions first tried 55 to 82 ms).
CREATE FUNCTION search_normal(t text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select translate(lower(t), '-_./', '') $$;
--> statement-breakpoint
-- The words of every listing's name and type, ever: a search word no listing contains is looked up
-- here by trigram distance to forgive a typo ('calculater' to 'calculator'). Words are never taken
-- out: one that no longer matches a listing only adds a condition that matches nothing.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION search_words_of(t text) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select distinct w from regexp_split_to_table(search_normal(t), '[\s!-/:-@\[-`{-~]+') as w where length(w) >= 3 $$;
--> statement-breakpoint
CREATE FUNCTION items_keep_search_words() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM changed, search_words_of(changed.product_name || ' ' || changed.type) AS w
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER items_search_words_insert AFTER INSERT ON items
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION items_keep_search_words();
--> statement-breakpoint
CREATE TRIGGER items_search_words_update AFTER UPDATE ON items
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION items_keep_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM items, search_words_of(items.product_name || ' ' || items.type) AS w
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The trigram index browse searches through, now on the normalised text.
DROP INDEX IF EXISTS "items_search_trgm_idx";
--> statement-breakpoint
CREATE INDEX "items_search_trgm_idx" ON "items" USING gin (search_normal("product_name" || ' ' || "type") gin_trgm_ops) WITH (fastupdate=false);
