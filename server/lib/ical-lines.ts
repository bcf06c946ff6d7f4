// The two rules every iCalendar file of the app keeps (RFC 5545): how a TEXT value is escaped and
// how a long content line is folded. The events' files and the meetups' files both write through them.

/**
 * Every kind of line break a reader might honour: CRLF, CR, LF, vertical tab, form feed, NEL and the
 * Unicode line and paragraph separators. A lone CR or a U+2028 left in a value ends the line for
 * some calendar apps, and what follows it would be read as a property of its own.
 */
const LINE_BREAKS = /\r\n|[\r\n\v\f\u0085\u2028\u2029]/g;
/** Other control characters, which a TEXT value may not hold (RFC 5545 3.3.11 allows HTAB only). */
const CONTROLS = /[^\P{Cc}\t\n\v\f\r\u0085]/gu;

/** Escapes a TEXT value (RFC 5545 3.3.11): each line break becomes `\n`; the file has no CR outside CRLF. */
export function text(value: string): string {
  return value
    .replace(CONTROLS, "")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(LINE_BREAKS, "\\n");
}

/** Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545 3.1). */
export function fold(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}
