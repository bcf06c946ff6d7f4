-- Saved-search alerts forgive as browse's search does (issue 37): the search's words and the forms
-- each may take (singular, synonyms, typo fixes), read once when the search is saved. Searches saved
-- before have none yet; the listings job reads them on its next run and matches them as before
-- until then.
ALTER TABLE "saved_searches" ADD COLUMN "search_forms" jsonb;
