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
