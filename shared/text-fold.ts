/**
 * One fold for every check that reads text for a meaning (the scam guard, the names that may not
 * pass for the platform): what a person sees, in lower-case Latin letters. It is never stored or
 * shown; the stored text stays as typed (less the hidden format characters, validation/text.ts).
 *
 * - NFKD, then no combining marks: fullwidth 'ｂｉｔ', mathematical '𝐚𝐝𝐦𝐢𝐧', circled 'ⓐ' and 'á'
 *   become plain letters.
 * - No format characters at all (category Cf, joiners too): 'Ad\u200Bmin', 'o\u00ADtp'.
 * - Look-alikes from Cyrillic, Greek, Armenian and the small capitals become the Latin letter they
 *   pass for ('Аdmin' with a Cyrillic А). A small map, not a library's: the kept confusables
 *   packages map to Unicode's skeleton, which also rewrites plain ASCII ('m' to 'rn', '0' to 'O')
 *   and would break the rules' digits and words (docs/decisions/041-disguised-text.md).
 *
 * No zod and no Node or DOM imports: the browser may run it too.
 */

/** Letters that look like a Latin letter in common fonts, to that letter. */
const LOOKALIKES: Record<string, string> = {
  // Cyrillic (an upper-case letter is folded after lower-casing: А, В, Е, К, М, Н, О, Р, С, Т, Х).
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ѕ: "s",
  і: "i",
  ї: "i",
  ј: "j",
  ԁ: "d",
  һ: "h",
  ӏ: "l",
  ԛ: "q",
  ԝ: "w",
  ү: "y",
  ɡ: "g",
  // Greek; the capitals whose small letter looks like another Latin letter come first.
  Η: "h",
  Ν: "n",
  Μ: "m",
  Υ: "y",
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  γ: "y",
  ϲ: "c",
  ς: "c",
  ϳ: "j",
  ζ: "z",
  μ: "u",
  ω: "w",
  // Armenian.
  օ: "o",
  ո: "n",
  ս: "u",
  հ: "h",
  ք: "q",
  ց: "g",
  // Latin small capitals and others that lower-casing leaves alone.
  ᴀ: "a",
  ʙ: "b",
  ᴄ: "c",
  ᴅ: "d",
  ᴇ: "e",
  ɢ: "g",
  ʜ: "h",
  ɪ: "i",
  ı: "i",
  ᴊ: "j",
  ᴋ: "k",
  ʟ: "l",
  ᴍ: "m",
  ɴ: "n",
  ᴏ: "o",
  ᴘ: "p",
  ʀ: "r",
  ꜱ: "s",
  ᴛ: "t",
  ᴜ: "u",
  ᴠ: "v",
  ᴡ: "w",
  ʏ: "y",
  ᴢ: "z",
  // Dots and at signs that NFKD leaves alone.
  "。": ".",
  "｡": ".",
  "·": ".",
};

const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join("")}]`, "gu");
const FORMAT_OR_MARK = /[\p{Cf}\p{M}]/gu;

const toLatin = (character: string) => LOOKALIKES[character] ?? character;

/** The text as a reader sees it, in lower-case Latin letters where it passes for them. */
export function foldLookalikes(text: string): string {
  return text
    .normalize("NFKD")
    .replace(FORMAT_OR_MARK, "")
    .replace(LOOKALIKE, toLatin)
    .toLowerCase()
    .replace(LOOKALIKE, toLatin);
}
