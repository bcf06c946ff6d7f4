import { foldLookalikes } from "../text-fold";
import { SIGNUP_MESSAGES } from "./messages";

/**
 * A person's name may not pass for the platform: it shows in chats, notifications, push titles
 * ("Message from Campus Bazaar Security") and mails, where a student takes it for the app
 * speaking. Read after the same fold as the scam guard (text-fold.ts), so a Cyrillic 'А', a
 * zero-width space, fullwidth letters or 'Adm1n' do not get round it.
 */

/**
 * Words only the platform speaks with, each from the start of a word (so 'Badminton Club' is
 * fine); an 'l' passes for an 'i' ('Admln').
 */
const RESERVED_WORDS =
  /(?:^|[^a-z])(?:adm[il]n|moderat|support|secur[il]ty|helpdesk|help desk|customer care|campus\s*bazaar)/;
/** The platform's name written as one word, with any separators ('Campus_Bazaar', 'C.a.m.p.u.s...'). */
const PLATFORM_NAME = "campusbazaar";
/** A link: a scheme, 'www.', or a host with a common top-level domain ('bit.ly', 'site[.]com'). */
const LINK =
  /[a-z][a-z0-9+.-]*:\/\/|\bwww\s*\.|[a-z0-9-]\s*(?:\.|\[\.\]|\(\.\)|\[dot\]|\(dot\)|\sdot\s)\s*(?:com|in|ly|me|io|co|net|org|app|link|xyz|info|site|online|gl|gd|to|cc|ai|dev|biz|club|top|live|page|shop|store|ws|tk|ml)\b/;
/** Digits and signs written for letters: 'Adm1n', 'Supp0rt', '$ecurity'. */
const LEET: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
  "!": "i",
  "|": "i",
};

/** Single letters spaced out ('A d m i n', 'S.u.p.p.o.r.t') joined back into a word. */
function joinSpacedLetters(text: string): string {
  return text.replace(/\b[a-z](?:[\s._-]+[a-z]\b){2,}/g, (letters) => letters.replace(/[\s._-]+/g, ""));
}

/** Does this name hold a link or a word that makes it pass for the platform? */
export function impersonatesPlatform(name: string): boolean {
  const folded = foldLookalikes(name);
  if (LINK.test(folded)) return true;
  const letters = joinSpacedLetters(
    folded.replace(/[0-9@$!|]/g, (character) => LEET[character] ?? character),
  );
  return RESERVED_WORDS.test(letters) || letters.replace(/[^a-z]/g, "").includes(PLATFORM_NAME);
}

/**
 * The refusal of a new name, or null. An unchanged name is not read again: an account named
 * before the rule (or the administrator the server seeded) still edits its bio.
 */
export function newNameRefusal(current: string, next: string): string | null {
  if (next.trim() === current.trim()) return null;
  return impersonatesPlatform(next) ? SIGNUP_MESSAGES.reservedName : null;
}
