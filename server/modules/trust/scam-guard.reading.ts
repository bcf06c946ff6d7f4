import { foldLookalikes } from "@shared/text-fold";

/**
 * How the scam guard reads a text before its rules (scam-guard.rules.ts, scam-guard.contact.ts) look
 * at it: as a person sees it, look-alike letters and hidden characters folded away, a UPI ID spaced
 * around its '@' written as one, and the links in it, hidden ones ('bit[.]ly') written out.
 */

/**
 * Handles of the UPI apps and banks (the part after '@' in a UPI ID). An address with one of these
 * and no '.domain' after it is a UPI ID, never an e-mail address.
 */
const UPI_HANDLES = new Set([
  "upi",
  "ybl",
  "ibl",
  "axl",
  "apl",
  "yapl",
  "rapl",
  "okaxis",
  "okhdfcbank",
  "okicici",
  "oksbi",
  "okbizaxis",
  "paytm",
  "pthdfc",
  "ptsbi",
  "ptyes",
  "ptaxis",
  "axisbank",
  "axisb",
  "icici",
  "sbi",
  "hdfcbank",
  "hdfc",
  "kotak",
  "kmbl",
  "federal",
  "fbl",
  "idfcbank",
  "idfcfirst",
  "indus",
  "jupiteraxis",
  "fam",
  "freecharge",
  "ikwik",
  "mobikwik",
  "airtel",
  "jio",
  "postbank",
  "pingpay",
  "waaxis",
  "wahdfcbank",
  "wasbi",
  "waicici",
  "barodampay",
  "unionbankofindia",
  "uboi",
  "cnrb",
  "boi",
  "pnb",
  "yesbank",
  "yesbankltd",
  "yesg",
  "rbl",
  "aubank",
  "dbs",
  "sc",
  "citi",
  "hsbc",
  "equitas",
  "dlb",
  "abfspay",
  "timecosmos",
  "superyes",
  "naviaxis",
  "slice",
  "cred",
  "bhim",
  "gpay",
  "phonepe",
]);

/**
 * Spellings folded to one: look-alike letters and hidden characters (text-fold.ts), curly quotes,
 * dashes, 'o.t.p', extra spaces, and a UPI ID spaced around its '@' ('rahul @ ybl').
 */
export function normalise(text: string): string {
  return joinSpacedUpiIds(
    foldLookalikes(text)
      .replace(/[‘’`´]/g, "'")
      .replace(/[‐-―−]/g, "-")
      .replace(/\b([a-z])\.(?=[a-z]\b)/g, "$1")
      .replace(/₹\s?/g, " rs ")
      .replace(/[ \t\u00a0]+/g, " "),
  );
}

/** 'rahul @ ybl', 'rahul@ ybl', 'rahul @ybl' (a line break too: 'rahul@' and 'ybl' sent apart). */
const SPACED_AT = /([a-z0-9._-])(\s*)@(\s*)([a-z][a-z0-9]{1,63})\b/g;

/** An unknown handle that still reads as a bank's: 'kotak811', 'okbank', 'sbipay'. */
const BANK_LIKE_HANDLE = /\d|^(?:ok|pt|wa)|axis|hdfc|sbi|icici|kotak|bank|pay|upi/;

/**
 * A UPI ID spaced around its '@' written as one. A known handle joins whatever the spacing; in
 * payment talk, another word joins with space on one side of the '@' only, or when it reads as a
 * bank's, so "I'll pay by GPay, meet me @ the canteen" stays words.
 */
function joinSpacedUpiIds(text: string): string {
  const isPaymentTalk = PAY_CONTEXT.test(text);
  return text.replace(SPACED_AT, (whole, before: string, left: string, right: string, handle: string) => {
    if (!left && !right) return whole;
    const isJoined =
      UPI_HANDLES.has(handle) || (isPaymentTalk && (!(left && right) || BANK_LIKE_HANDLE.test(handle)));
    return isJoined ? `${before}@${handle}` : whole;
  });
}

/** An e-mail address is fine; name@bank with no '.domain' after it is a UPI ID. */
const HANDLE = /(?<![\w.@-])([a-z0-9][a-z0-9._-]{1,255})@([a-z][a-z0-9]{1,63})\b(?!\.[a-z0-9]|@)/g;
/** Words that say an unknown '@handle' is for paying ('my upi is rahul@kotak811'). */
const PAY_CONTEXT =
  /\b(?:upi|vpa|gpay|g pay|google pay|phonepe|phone pe|paytm|bhim|pay|payment|paise|paisa|money|transfer|bhej\w*)\b/;

export function hasUpiId(text: string): boolean {
  const isPaymentTalk = PAY_CONTEXT.test(text);
  for (const match of text.matchAll(HANDLE)) {
    const handle = match[2];
    if (UPI_HANDLES.has(handle) || isPaymentTalk) return true;
  }
  return false;
}

/** Host names of the links in a text: 'https://bit.ly/x', 'www.paytm.me/y', 'rzp.io/l/z'. */
const LINK =
  /(?<![\w@.-])(?:https?:\/\/|www\.)?((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24})(?=[/:?#]|\b)(?![@.]?[a-z0-9])/g;
const URL_HINT = /^(?:https?:\/\/|www\.)/;

export function hostsOf(text: string): { host: string; isUrl: boolean }[] {
  const hosts: { host: string; isUrl: boolean }[] = [];
  for (const match of text.matchAll(LINK)) {
    const host = match[1].replace(/^www\./, "");
    hosts.push({ host, isUrl: URL_HINT.test(match[0]) || text[match.index + match[0].length] === "/" });
  }
  return hosts;
}

/** A dot written so that no link shows: 'bit[.]ly', 'bit(.)ly', 'bit{dot}ly', 'bit dot ly'. */
const HIDDEN_DOT = /\s*(?:\[\s*(?:\.|dot)\s*\]|\(\s*(?:\.|dot)\s*\)|\{\s*(?:\.|dot)\s*\})\s*|\s+dot\s+/g;

/** The links a text hides, written out: 'hxxps[:]//bit[.]ly' reads 'https://bit.ly'. */
export function revealLinks(text: string): string {
  return text
    .replace(HIDDEN_DOT, ".")
    .replace(/\[:\]/g, ":")
    .replace(/\bh(?:xx|\*\*)p(s?):\/\//g, "http$1://");
}
