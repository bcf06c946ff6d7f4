import type { ReactNode } from "react";

/** http(s) addresses and bare www. addresses, up to the next space. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than an address ('see www.x.in.'). */
const TRAILING = /[.,!?;:'")\]]+$/;

export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

/** Splits a message into plain text and web addresses; only http and https links are made. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    let found = match[0];
    const start = match.index ?? 0;
    const trailing = TRAILING.exec(found)?.[0] ?? "";
    // A closing bracket belongs to the address when it opened one: (en.wikipedia.org/wiki/X_(Y)).
    const keep = trailing.startsWith(")") && found.includes("(") ? 1 : 0;
    found = found.slice(0, found.length - trailing.length + keep);
    if (/^(?:https?:\/\/|www\.)$/i.test(found)) continue;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    const href = /^www\./i.test(found) ? `https://${found}` : found;
    parts.push({ kind: "link", text: found, href });
    last = start + found.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

/** A message's text with its web addresses as links that open in a new tab (never as HTML). */
export function MessageText({ text, linkClassName }: { text: string; linkClassName: string }): ReactNode {
  return splitLinks(text).map((part, index) =>
    part.kind === "text" ? (
      part.text
    ) : (
      <a
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener nofollow ugc"
        className={linkClassName}
      >
        {part.text}
      </a>
    ),
  );
}
