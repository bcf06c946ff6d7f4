/** At most this many emoji alone are drawn large (as in WhatsApp); a longer row reads as text. */
export const EMOJI_ONLY_MAX = 3;

const EMOJI_PARTS =
  /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200d|\ufe0f|\s)+$/u;
const PICTURE = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/** True for a message of one to three emoji and nothing else (spaces aside). */
export function isEmojiOnly(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === "" || !EMOJI_PARTS.test(trimmed) || !PICTURE.test(trimmed)) return false;
  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let count = 0;
  for (const { segment } of segmenter.segment(trimmed)) {
    if (/^\s+$/u.test(segment)) continue;
    count += 1;
    if (count > EMOJI_ONLY_MAX) return false;
  }
  return true;
}
