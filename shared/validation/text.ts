/**
 * Characters a person cannot see but a screen obeys: C0 and C1 controls (line breaks among them),
 * DEL, and the marks, embeddings, overrides and isolates that turn text around (U+061C, U+200E,
 * U+200F, U+202A-U+202E, U+2066-U+2069). In a name they let one student pass for another in a
 * chat or a notification ("Priya" followed by U+202E and a reversed surname), or start a forged
 * second line.
 */
function isControlOrDirection(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** LF, CR and the Unicode line and paragraph separators. */
function isLineBreak(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}

/** A name, a title, a city: no line break, no control or text-direction character. */
export function isSingleLineText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isControlOrDirection(code) || isLineBreak(code)) return false;
  }
  return true;
}

/** A description, a message: line breaks allowed, no other control or text-direction character. */
export function isMultiLineText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isControlOrDirection(code) && !isLineBreak(code)) return false;
  }
  return true;
}

const ZWNJ = "\u200c";
const ZWJ = "\u200d";
/** Format characters (category Cf): invisible, they split a word without showing it. */
const FORMAT_CHARACTER = /\p{Cf}/u;
/** Letters and marks of the scripts that need no joiner (see isJoinerKept). */
const NO_JOINER_SCRIPT =
  /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]/u;
const LETTER_OR_MARK = /[\p{L}\p{M}]/u;
/** What an emoji ZWJ sequence joins after: a pictograph, a skin tone, the emoji presentation selector. */
const EMOJI_PART = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F/u;
/** Tag characters: invisible, except as the tail of a subdivision flag (U+1F3F4, tags, U+E007F). */
const TAG = /[\u{E0020}-\u{E007F}]/u;
const BLACK_FLAG = "\u{1F3F4}";

/**
 * ZWNJ and ZWJ shape Indic and Arabic-script words (Devanagari half forms, Malayalam chillus,
 * Persian word parts) and emoji sequences (a person and a laptop): kept after a letter of such a
 * script or after an emoji, and dropped elsewhere, where they only hide a word ("Ad\u200Dmin").
 */
function isJoinerKept(previous: string): boolean {
  return EMOJI_PART.test(previous) || (LETTER_OR_MARK.test(previous) && !NO_JOINER_SCRIPT.test(previous));
}

/**
 * The text with every half of a broken character pair (a lone UTF-16 surrogate, which no keyboard
 * types but a script can send) as U+FFFD, the replacement character: what storing it would make of
 * it anyway, and what a JSON column can hold.
 */
export function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

/**
 * A stored text less the format characters a reader cannot see: zero-width space, word joiner,
 * byte-order mark, soft hyphen and the rest of category Cf, so a later reader (the scam guard, a
 * moderator's search, a name check) sees the word that shows. Kept: the text-direction characters
 * (refused with a message instead, see isControlOrDirection), joiners where a script needs them
 * (isJoinerKept) and the tags of a flag.
 */
export function stripHiddenFormat(value: string): string {
  if (!FORMAT_CHARACTER.test(value)) return value;
  let kept = "";
  let previous = "";
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    const isKept =
      !FORMAT_CHARACTER.test(character) ||
      isControlOrDirection(code) ||
      ((character === ZWJ || character === ZWNJ) && isJoinerKept(previous)) ||
      (TAG.test(character) && (previous === BLACK_FLAG || TAG.test(previous)));
    if (!isKept) continue;
    kept += character;
    previous = character;
  }
  return kept;
}
