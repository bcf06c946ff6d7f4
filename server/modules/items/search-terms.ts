/**
 * How browse reads a search (issue 37, decision 047): the words typed, and for each the forms that
 * also count as a match (its singular, its synonyms, the nearest words of the marketplace when it
 * is a typo). Pure: the words of the marketplace come from search.repository.ts.
 */
import { SEARCH_SYNONYMS } from "@shared/search-synonyms";

/** At most this many words of a search are read; the rest are left out. */
const MAX_WORDS = 8;

/**
 * The search in the spelling of the database's search_normal (migration 0036): lower-case, without
 * the marks that join a model number's parts ('-', '_', '.', '/'), trimmed.
 */
export function normaliseSearch(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[-_./]/g, "")
    .trim();
}

/**
 * The English singular's stem, short enough to be contained in both forms: 'books' and 'book' read
 * 'book', 'boxes' 'box', 'batteries' and 'battery' 'batter'. Words of three letters or less, and
 * words not ending like an English plural ('glass', 'campus', 'किताबें'), stay as they are.
 */
export function rootOf(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length <= 3) return word;
  const cut = (n: number) => (word.length - n >= 3 ? word.slice(0, -n) : word);
  if (word.endsWith("ies")) return cut(3);
  if (/[^aeiou]y$/.test(word)) return cut(1);
  if (/(s|x|z|ch|sh)es$/.test(word)) return cut(2);
  if (/(ss|us|is)$/.test(word)) return word;
  if (word.endsWith("s")) return cut(1);
  return word;
}

/** Each word of the synonyms list, by its root, to the roots of its group. */
const SYNONYMS_BY_ROOT: ReadonlyMap<string, readonly string[]> = (() => {
  const byRoot = new Map<string, string[]>();
  for (const group of SEARCH_SYNONYMS) {
    const roots = [...new Set(group.map((word) => rootOf(normaliseSearch(word))))];
    for (const root of roots) byRoot.set(root, roots);
  }
  return byRoot;
})();

export interface SearchWord {
  /** As typed (normalised). */
  typed: string;
  /** What else counts as this word: its root and its synonyms' roots (typos are added later). */
  forms: string[];
  /** How many typing mistakes may be forgiven in it, when no listing contains it: 0 for none. */
  typos: number;
  /** No listing has ever contained it as typed (set from the marketplace's words): the tiers that need it are left out. */
  absent?: boolean;
}

export interface SearchTerms {
  /** The whole search, normalised: the best matches contain it as typed. */
  phrase: string;
  words: SearchWord[];
}

/** How many typos a word of this length may carry: one from four letters, two from six. */
function typosAllowed(word: string): number {
  if (!/^[\p{L}\p{M}]+$/u.test(word)) return 0;
  const length = [...word].length;
  return length >= 6 ? 2 : length >= 4 ? 1 : 0;
}

/** The search read into words and their forms; undefined when nothing is left to search. */
export function readSearch(search: string | undefined): SearchTerms | undefined {
  const phrase = normaliseSearch(search ?? "");
  if (!phrase) return undefined;
  const words = [...new Set(phrase.split(/\s+/))].slice(0, MAX_WORDS).map((typed) => {
    const root = rootOf(typed);
    const forms = new Set([typed, root, ...(SYNONYMS_BY_ROOT.get(root) ?? [])]);
    return { typed, forms: [...forms], typos: typosAllowed(typed) };
  });
  return { phrase, words };
}

/**
 * Whether the marketplace's words (three letters or more, split at white space and ASCII
 * punctuation) tell for sure if any listing contains this word: letters and digits only, three or more.
 */
export const isCheckable = (word: string) => /^[\p{L}\p{M}\p{N}]{3,}$/u.test(word);

/**
 * The edit distance of two words with a swap of two neighbours as one edit (optimal string
 * alignment): 'calculater' to 'calculator' is 1, 'clacuator' to 'calculator' 2.
 */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const rows: number[][] = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  }
  return (rows[x.length] as number[])[y.length] as number;
}

/** The words of the marketplace near enough to a typed word to be what was meant. */
export function typoFixes(word: SearchWord, nearest: readonly string[]): string[] {
  return nearest.filter((candidate) => {
    const distance = editDistance(word.typed, candidate);
    return distance > 0 && distance <= word.typos;
  });
}
