import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { searchWords } from "../../db/schema";
import { likePattern } from "../../lib/like-pattern";

/** How many of the marketplace's nearest words a typo is checked against. */
const NEAREST = 40;

/**
 * For each list of forms, whether some word of the marketplace contains one of them (through the
 * words' trigram index). A search word no listing has ever contained may be a typo.
 */
export async function knownForms(db: Db, formsOfWords: readonly (readonly string[])[]): Promise<boolean[]> {
  if (formsOfWords.length === 0) return [];
  const known = formsOfWords.map(
    (forms) =>
      sql`exists (select 1 from ${searchWords} where ${sql.join(
        forms.map((form) => sql`${searchWords.word} like ${likePattern(form)}`),
        sql` or `,
      )})`,
  );
  const [row] = await db
    .select(Object.fromEntries(known.map((condition, i) => [`k${i}`, sql<boolean>`${condition}`])))
    .from(sql`(values (1)) as one (x)`);
  return formsOfWords.map((_, i) => Boolean(row?.[`k${i}`]));
}

/** The marketplace's words nearest to this one by trigrams, nearest first (the words' GiST index). */
export async function nearestWords(db: Db, word: string): Promise<string[]> {
  const distance: SQL = sql`${searchWords.word} <-> ${word}`;
  const rows = await db.select({ word: searchWords.word }).from(searchWords).orderBy(distance).limit(NEAREST);
  return rows.map((row) => row.word);
}
