import type { ScamKind } from "@shared/scam-kinds";
import { foldLookalikes } from "@shared/text-fold";
import type { PhotoCheck } from "@shared/trust-constants";

/**
 * The scam guard's rules: does a chat message ask for money outside a handover, or for payment
 * credentials? The server runs them on every text it stores (and marks a photo that holds a QR
 * code, which only the server can see); the recipient of a flagged message is warned under it.
 *
 * They are tuned to the frauds students in India meet on marketplaces: the fake buyer who sends a
 * UPI "collect request" or a QR code "to receive money" and asks for the UPI PIN or an OTP; the
 * seller far away who wants an advance, a token amount or courier charges; the "army officer"
 * being transferred; the overpayment "sent by mistake, please refund"; and links to payment pages
 * or link shorteners. Messages are matched in English and in Hinglish (Hindi in Latin letters).
 *
 * A false alarm costs trust in the warning, so ordinary bargaining stays quiet: prices, times,
 * places, "I'll pay by GPay when we meet", "I'll scan your QR at the handover", an e-mail address.
 * Each rule needs the words that make a request for money or credentials, not a single keyword.
 * The words are read as a person sees them, however they were disguised: look-alike letters from
 * other scripts and hidden characters folded away (shared/text-fold.ts), a UPI ID spaced around its '@',
 * 'bit[.]ly', and a request split over the sender's last few messages (findScamSignalsAfter).
 * No zod and no Node or DOM imports: pure functions, unit-tested with real phrasings.
 */

/** Why a message was flagged; stored with the message for moderators. */
export const SCAM_SIGNALS = [
  "upi_id",
  "collect_request",
  "qr_scan",
  "advance_payment",
  "otp",
  "pin",
  "courier_charges",
  "defence_story",
  "overpayment",
  "payment_link",
  "short_link",
  /** A photo that contains a QR code (decoded on the server when it was uploaded). */
  "qr_photo",
] as const;
export type ScamSignal = (typeof SCAM_SIGNALS)[number];

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

/** Hosts that make a short link: where it leads is hidden until it is opened. */
const SHORT_LINK_HOSTS = [
  "bit.ly",
  "tinyurl.com",
  "t.ly",
  "cutt.ly",
  "rb.gy",
  "is.gd",
  "v.gd",
  "goo.gl",
  "shorturl.at",
  "tiny.cc",
  "ow.ly",
  "rebrand.ly",
  "s.id",
  "bl.ink",
  "t.co",
  "shorte.st",
  "qr.ae",
  "tiny.one",
  "urlz.fr",
  "clck.ru",
  "surl.li",
  "shrtco.de",
  "short.gy",
  "bitly.com",
];

/** Payment pages and payment apps' link hosts: money asked for through a link. */
const PAYMENT_HOSTS = [
  "paytm.me",
  "paytm.com",
  "phon.pe",
  "phonepe.com",
  "pay.google.com",
  "gpay.app.goo.gl",
  "razorpay.me",
  "rzp.io",
  "razorpay.com",
  "payu.in",
  "payumoney.com",
  "instamojo.com",
  "imjo.in",
  "cashfree.com",
  "paypal.me",
  "paypal.com",
  "bharatpe.com",
  "mobikwik.com",
  "freecharge.in",
  "cred.club",
  "bhimupi.org.in",
  "upi.link",
];

/** Words in a host name that only payment, refund or account-check pages carry ('olx-pay.in'). */
const PAYMENT_HOST_WORDS =
  /(^|[.-])(pay|payment|payments|upi|refund|kyc|wallet|cashback|reward|rewards)[a-z]*([.-]|$)/;

/**
 * Spellings folded to one: look-alike letters and hidden characters (text-fold.ts), curly quotes,
 * dashes, 'o.t.p', extra spaces, and a UPI ID spaced around its '@' ('rahul @ ybl').
 */
function normalise(text: string): string {
  return joinSpacedUpiIds(
    foldLookalikes(text)
      .replace(/[‘’`´]/g, "'")
      .replace(/[‐-―−]/g, "-")
      .replace(/\b([a-z])\.(?=[a-z]\b)/g, "$1")
      .replace(/₹\s?/g, " rs ")
      .replace(/[ \t\u00a0]+/g, " "),
  );
}

// Words, in English and Hinglish, that the rules below are built from.
const MONEY = String.raw`(?:money|payment|paisa|paise|paisee|pese|amount|cash|rs|inr|rupees?|\d{2,})`;
const SEND = String.raw`(?:pay|send|transfer|give|deposit|bhej\w*|de\s?do|dedo|de\s?dijiye|dijiye|dena|karo|kar\s?do|krdo|kr\s?do|kijiye|chahiye|lagega|lagenge)`;
const TELL = String.raw`(?:share|send|tell|give|enter|type|put|forward|bata\w*|btao|bhej\w*|likh\w*|daal\w*|dal\w*|de\s?do|dedo|do)`;

interface Rule {
  signal: ScamSignal;
  /** Any one of these matching the normalised text raises the signal... */
  patterns: RegExp[];
  /** ...unless one of these matches it too. */
  unless?: RegExp[];
}

const RULES: Rule[] = [
  {
    signal: "collect_request",
    patterns: [
      /\bcollect\s*(?:request|req|call)\b/,
      /\b(?:payment|money|paise|paisa|upi|gpay|g pay|phonepe|phone pe|paytm|bhim)\s+request\b/,
      /\b(?:accept|approve|confirm)\w*\s+(?:the\s+|my\s+|this\s+|that\s+)?(?:rs\s*)?(?:\d+\s+)?(?:payment\s+|money\s+|upi\s+)?request\b/,
      // Money is never received by entering, approving or clicking: "enter the amount to receive".
      /\bamount\b[^.?!\n]{0,20}\b(?:to|for)\s+(?:receive|recieve)\b/,
      /\b(?:enter|type|approve|accept|click|tap|open|confirm)\b[^.?!\n]{0,40}\b(?:to|for)\s+(?:receive|recieve|get)\s+(?:the\s+|your\s+|my\s+)?(?:money|payment|amount|paise|paisa|cash|refund|rs|\d)/,
      /\brequest\s+(?:accept|approve)\s*(?:karo|kar\s?do|kr\s?do|krdo|kar\s?lo|kro|kijiye|please|pls)?\b/,
      /\b(?:request|req)\s+(?:bheji|bheja|bhej\s?(?:di|diya|raha|rahi|rha|rhi)|sent|send\s+kiya)\b/,
      /\brequest\s+(?:of|for)\s+(?:rs\s*)?\d/,
      /\brequest\s+(?:daali|dali|daala|dala|daal\s?di|daal\s?diya)\b/,
      /\brequest\b[^.?!\n]{0,30}\b(?:approve|accept)\s+(?:kar|kr|karo|kro|kar\s?do|krdo|kr\s?do|kijiye)\b/,
      // "I'll send a collect": never "I'll collect it tomorrow".
      /\bcollect\s+(?:bhej\w*|sent)\b/,
    ],
  },
  {
    signal: "qr_scan",
    patterns: [
      /\bscan\w*\b[^.?!\n]{0,40}\b(?:qr|qrcode|barcode)\b/,
      /\b(?:qr|qrcode|barcode)\b[^.?!\n]{0,40}\bscan\w*\b/,
      // "scan to receive" needs no QR named: the code is in the photo.
      /\bscan\w*\b[^.?!\n]{0,40}\b(?:receive|recieve|credit|credited|milega|milenge|aa\s?jayega|aa\s?jaenge)\b/,
    ],
    // The buyer paying at the handover scans the seller's code: that is the safe way round.
    unless: [
      /\b(?:i'?ll|i will|i can|i'?d|let me|main|mai|mein|hum)\s+(?:(?:just|come|and|aake|aa|ke|your|ur|the|tumhara|tumhari|aapka|apka|tera|qr|code)\s+){0,4}scan\b/,
      /\bscan\s+(?:kar\s?)?(?:lunga|lungi|lenge|dunga|dungi|denge|karunga|karungi|karenge)\b/,
    ],
  },
  {
    signal: "advance_payment",
    patterns: [
      new RegExp(
        String.raw`\badvance\s+(?:payment|pay|amount|money|paise|paisa|cash|${SEND}|please|pls|plz|me|mein|mai)\b`,
      ),
      new RegExp(String.raw`\b${SEND}\b[^.?!\n]{0,30}\b(?:in\s+)?advance\b(?!d)`),
      new RegExp(String.raw`\b${MONEY}\s*(?:ka\s+|as\s+|in\s+)?advance\b(?!d)`),
      /\badvance\s+(?:of\s+)?(?:rs\.?|inr)?\s?\d/,
      new RegExp(
        String.raw`\b(?:token|booking|blocking|reservation)\s+(?:amount|money|charge|fee|paise|payment|${SEND})\b`,
      ),
      /\b\d+\s+(?:rs\s+)?token\b/,
      /\b(?:security|refundable)\s+deposit\b/,
      /\b(?:registration|processing|verification|gst|insurance|clearance)\s+(?:fee|fees|charge|charges)\b/,
      // "Pay 1 rupee to verify", "gate pass ke liye 200 bhejo".
      /\b(?:pay|send|transfer|bhej\w*)\s+(?:rs\s*)?\d+\s*(?:rs|rupees?|rupaye)?\s+(?:to|for)\s+(?:verify|verification|check|checking|test|testing|confirm)\b/,
      new RegExp(String.raw`\bgate\s?pass\b[^.?!\n]{0,30}\b(?:charges?|fees?|${MONEY}|${SEND})\b`),
      // Money before the meeting: "pay first", "pehle paise bhejo", "payment before delivery".
      /\b(?:pay|payment|paise|paisa|money|amount|transfer)\s+(?:\w+\s+){0,2}?(?:first(?!\s+thing)|pehle|pahle|upfront|beforehand)\b/,
      /\b(?:first|pehle|pahle)\s+(?:(?!then\b|phir\b|fir\b|after\b|baad\b|and\b|aur\b)\w+\s+){0,2}(?:pay|payment|paise|paisa|money|amount|transfer)\b(?!\s+of\b)/,
      /\b(?:pay|payment|paise|paisa|money|amount)\b[^.?!\n]{0,25}\bbefore\s+(?:delivery|dispatch|shipping|i\s+(?:send|ship|dispatch|deliver|come)|handover)\b/,
      /\b(?:full|poora|pura|puri|poori)\s+(?:payment|paise|amount)\s+(?:\w+\s+){0,2}?(?:online|now|abhi|first|pehle)\b/,
      /\b(?:half|aadha|adha|\d+\s?%)\s+(?:payment\s+|amount\s+|paise\s+)?(?:now|abhi|advance|pehle|first|upfront)\b/,
      // The seller who is away: "out of station, pay online and my brother will deliver".
      /\bout\s+of\s+(?:station|town|city)\b[^.?!\n]{0,60}\b(?:pay|payment|paise|online|courier|transfer)\b/,
    ],
    unless: [/\b(?:no|without|don'?t need|not asking for|nahi|nahin)\s+(?:any\s+)?advance\b/],
  },
  {
    signal: "otp",
    patterns: [
      /\b[o0]\s?t\s?p\b/,
      /\bone[\s-]time[\s-]password\b/,
      /\b(?:verification|confirmation|secret|security)\s+code\b/,
      /\b(?:4|6|four|six)[\s-]digit\s+(?:code|number|no)\b/,
      /\bcode\b[^.?!\n]{0,20}\b(?:jo|that|which)\b[^.?!\n]{0,20}\b(?:aaya|aya|aayega|came|received|got|get)\b/,
      new RegExp(
        String.raw`\b${TELL}\b[^.?!\n]{0,20}\bcode\b[^.?!\n]{0,30}\b(?:sms|msg|message|your phone|your mobile|your number)\b`,
      ),
      new RegExp(
        String.raw`\b(?:sms|message)\s+(?:mein|me|mai|main|in)\s+(?:jo\s+)?code\b[^.?!\n]{0,20}${TELL}\b`,
      ),
    ],
  },
  {
    signal: "pin",
    patterns: [
      /\b(?:upi|atm|card|debit card|gpay|g pay|phonepe|paytm|bank|secret|security|transaction)\s+pin\b/,
      /\bm[\s-]?pin\b/,
      /\bpin\s+(?:number|no\.?)\b/,
      /\b(?:4|6|four|six)[\s-]digit\s+pin\b/,
      // Card details are credentials too.
      /\bcvv\b/,
      /\b(?:card|debit card|credit card|atm card)\s+(?:number|no|details|expiry)\b/,
      /\benter\b[^.?!\n]{0,25}\bpin\b(?!\s*-?\s*code|code)/,
    ],
  },
  {
    // Asked for without naming UPI: the same, unless the pin is a place on a map.
    signal: "pin",
    patterns: [
      new RegExp(String.raw`\b${TELL}\s+(?:your\s+|ur\s+|apna\s+|apni\s+|apne\s+)pin\b(?!\s*-?\s*code|code)`),
      /\bpin\s+(?:daal\w*|dal\w*|enter|bata\w*|btao|likh\w*|type)\b/,
      /\b(?:daal\w*|dal\w*|type)\b[^.?!\n]{0,25}\bpin\b(?!\s*-?\s*code|code)/,
    ],
    unless: [
      /\b(?:location|loc|map|maps|live|drop|dropped)\b[^.?!\n]{0,15}\bpin\b|\bpin\s+(?:location|loc|of)\b/,
    ],
  },
  {
    signal: "courier_charges",
    patterns: [
      /\b(?:courier|shipping|packing|packaging|parcel|transport|transportation|dispatch)\s+(?:charges?|fees?|cost|amount|ka\s+paisa|ke\s+paise|ka\s+kharcha|kharcha)\b/,
      new RegExp(String.raw`\b${SEND}\b[^.?!\n]{0,30}\bcourier\b`),
      new RegExp(
        String.raw`\bcourier\b[^.?!\n]{0,40}\b(?:pay|payment|paise|paisa|advance|charge|charges|fee|fees|${MONEY})\b`,
      ),
      /\bdelivery\s+(?:charges?|fees?)\b[^.?!\n]{0,30}\b(?:pay|send|transfer|bhej\w*|de\s?do|dedo|advance|first|pehle)\b/,
      /\b(?:pay|send|transfer|bhej\w*)\b[^.?!\n]{0,20}\bdelivery\s+(?:charges?|fees?)\b/,
    ],
  },
  {
    signal: "defence_story",
    patterns: [
      /\b(?:crpf|bsf|cisf|itbp|ssb|nsg|assam rifles)\b/,
      /\bfauji\b/,
      /\b(?:army|military|defence|defense|navy|air\s?force)\s+(?:officer|man|men|person|personnel|jawan|camp|cantonment|canteen|quarters|background|service|unit|base|posting|wala|waala|me|mein|mai|se)\b/,
      /\b(?:in|from|join(?:ed)?|serving)\s+(?:the\s+)?(?:indian\s+)?(?:army|military|navy|air\s?force|defence|defense)\b(?!\s*(?:green|colou?r|print|pattern|style|knife|shade|cargo|boots?|jacket|bag|watch|surplus|look|theme))/,
      /\b(?:posted|transfer(?:red)?|transfer\s+ho\s+gaya)\b[^.?!\n]{0,30}\b(?:cantonment|camp|unit|battalion|regiment)\b/,
    ],
  },
  {
    signal: "overpayment",
    patterns: [
      /\b(?:by mistake|mistakenly|accidentally|galti se|galati se|galti sey)\b[^.?!\n]{0,40}\b(?:sent|send|bhej\w*|transfer\w*|paid|pay\w*|credit\w*|extra|zyada|jyada)\b/,
      /\b(?:sent|bhej\w*|transferred|paid|credited)\b[^.?!\n]{0,30}\b(?:extra|zyada|jyada|more|excess)\b[^.?!\n]{0,40}\b(?:return|refund|wapas|vapas|back|lauta\w*)\b/,
      /\b(?:refund|return|wapas|vapas)\b[^.?!\n]{0,30}\b(?:the\s+)?(?:extra|excess|zyada|jyada|baaki)\b/,
    ],
  },
];

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

function hasUpiId(text: string): boolean {
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

function hostsOf(text: string): { host: string; isUrl: boolean }[] {
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
function revealLinks(text: string): string {
  return text
    .replace(HIDDEN_DOT, ".")
    .replace(/\[:\]/g, ":")
    .replace(/\bh(?:xx|\*\*)p(s?):\/\//g, "http$1://");
}

const isHostIn = (host: string, list: readonly string[]) =>
  list.some((entry) => host === entry || host.endsWith(`.${entry}`));

function linkSignals(text: string): ScamSignal[] {
  const found = new Set<ScamSignal>();
  if (/\bupi:\/\/|\bintent:\/\/\S*upi|\bpaytmmp:\/\/|\bphonepe:\/\/|\btez:\/\//.test(text))
    found.add("payment_link");
  // Named rather than pasted: "I will send the payment link", "click the link to get the money".
  if (
    /\b(?:payment|paying|pay|upi|refund|kyc)\s+link\b|\blink\s+(?:se|par|pe)\s+pay/.test(text) ||
    /\b(?:click|open|tap)\b[^.?!\n]{0,30}\blink\b[^.?!\n]{0,40}\b(?:receive|recieve|refund|kyc|money|paise|amount)\b/.test(
      text,
    )
  )
    found.add("payment_link");
  for (const { host, isUrl } of hostsOf(revealLinks(text))) {
    if (isHostIn(host, SHORT_LINK_HOSTS)) found.add("short_link");
    else if (isHostIn(host, PAYMENT_HOSTS)) found.add("payment_link");
    // An unknown host counts only as a real link ('http://...', 'www...', or with a path), so
    // 'pay.later' in a sentence is not taken for one.
    else if (isUrl && PAYMENT_HOST_WORDS.test(host)) found.add("payment_link");
  }
  return [...found];
}

/**
 * The signals a message's text raises, in SCAM_SIGNALS order; empty for an ordinary message.
 */
export function findScamSignals(text: string): ScamSignal[] {
  return inOrder(readSignals(text).found);
}

const inOrder = (signals: Set<ScamSignal>) => SCAM_SIGNALS.filter((signal) => signals.has(signal));

/** The signals a text raises, and those a rule's exception refused ("I'll scan your QR"). */
function readSignals(text: string): { found: Set<ScamSignal>; refused: Set<ScamSignal> } {
  const normal = normalise(text);
  const found = new Set<ScamSignal>();
  const refused = new Set<ScamSignal>();
  if (hasUpiId(normal)) found.add("upi_id");
  for (const rule of RULES) {
    if (!rule.patterns.some((pattern) => pattern.test(normal))) continue;
    if (rule.unless?.some((pattern) => pattern.test(normal))) refused.add(rule.signal);
    else found.add(rule.signal);
  }
  for (const signal of linkSignals(normal)) found.add(signal);
  return { found, refused };
}

/**
 * How far back a text is read together with its sender's earlier texts in the chat: a UPI ID or a
 * request split over messages ('rahul@' then 'ybl') is as much a warning as one message.
 */
export const SCAM_GUARD_LOOKBACK = { messages: 2, minutes: 5 } as const;

/**
 * The signals of a text read after its sender's earlier texts (oldest first): its own, and those
 * that only the texts together raise. One that the earlier texts raise alone was flagged on them.
 * Read both with a space between (words sent apart) and with none (a word cut in two: 'rahul@y',
 * 'bl').
 */
export function findScamSignalsAfter(earlier: readonly string[], text: string): ScamSignal[] {
  const found = new Set(findScamSignals(text));
  if (earlier.length === 0) return inOrder(found);
  const spaced = readSignals(`${earlier.join(" ")} ${text}`);
  const joined = readSignals(`${earlier.join("")}${text}`);
  const already = new Set([...findScamSignals(earlier.join(" ")), ...findScamSignals(earlier.join(""))]);
  // Read together with no space, "ok" and "I'll scan your QR" would lose the exception that
  // "ok I'll scan your QR" keeps: what the spaced reading refuses stays refused.
  for (const signal of [...spaced.found, ...joined.found]) {
    if (!already.has(signal) && !spaced.refused.has(signal)) found.add(signal);
  }
  return inOrder(found);
}

/**
 * Kept with a photo message's signals when the reader could not check the photo. It is no signal
 * of a scam (it raises no warning), but moderators and the recipient's view read it from the same
 * place as 'qr_photo'.
 */
export const PHOTO_UNCHECKED = "photo_unchecked";
export type ScamGuardNote = ScamSignal | ContactSignal | typeof PHOTO_UNCHECKED;

/**
 * What the guard keeps with a message: its text's signals (read after the sender's earlier texts,
 * when given), and what the reader made of its photo.
 */
export function scamSignalsOf(message: {
  text: string;
  photoCheck?: PhotoCheck | null;
  earlierTexts?: readonly string[];
  /** Given when the sender is new to the other member: their first texts are read for a way out of the chat. */
  newcomer?: { isNewContact: boolean; earlierMessages: number; sharedNumber?: string | null };
}): ScamGuardNote[] {
  const signals: ScamGuardNote[] = findScamSignalsAfter(message.earlierTexts ?? [], message.text);
  if (message.text && message.newcomer && isNewcomerMessage(message.newcomer))
    signals.push(...findContactSignals(message.text, message.newcomer.sharedNumber));
  if (message.photoCheck === "flagged") return [...signals, "qr_photo"];
  if (message.photoCheck === "unchecked") return [...signals, PHOTO_UNCHECKED];
  return signals;
}

/**
 * Ways a newcomer takes the chat somewhere else: a phone number, an invitation to WhatsApp or
 * Telegram (or Instagram), a link. Only raised on the first messages of someone new
 * (contactSignalsOf): between people who have dealt before, or later in a chat, they are ordinary.
 */
export const CONTACT_SIGNALS = ["phone_number", "chat_app_invite", "link"] as const;
export type ContactSignal = (typeof CONTACT_SIGNALS)[number];

/** How many of a newcomer's first messages in a chat are read for contact signals. */
export const NEWCOMER_MESSAGES = 3;

/** A run of digits with the spaces, dots or dashes people put in a number: '98765 43210', '+91-98765-43210'. */
const DIGIT_RUN = /\+?\d[\d\s.\-()]{7,18}\d/g;

/** The ten digits of an Indian mobile number in a run of digits ('+91', '0' or '91' before it allowed). */
function mobileNumbersIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(DIGIT_RUN)) {
    const digits = match[0].replace(/\D/g, "");
    const national =
      digits.length === 12 && digits.startsWith("91")
        ? digits.slice(2)
        : digits.length === 11 && digits.startsWith("0")
          ? digits.slice(1)
          : digits;
    if (/^[6-9]\d{9}$/.test(national)) found.push(national);
  }
  return found;
}

const CHAT_APP = String.raw`(?:whatsapp|whats\s?app|whatsap|watsapp|watsap|wattsapp|whtsapp|watsaap|telegram|telegrm|insta|instagram|snapchat|snap)`;
const REACH = String.raw`(?:msg|message|text|ping|dm|call|contact|reach|talk|chat|baat|aao|aa\s?jao|aaja|aajao|add|connect|send|bhej\w*|share|join|details|photos?|pics?|video)`;

const CHAT_APP_INVITES = [
  // "msg me on WhatsApp", "whatsapp pe baat karte hai", "telegram pe aao".
  new RegExp(String.raw`\b${REACH}\b[^.?!\n]{0,30}\b(?:on|pe|par|via|through|in)\s+(?:my\s+)?${CHAT_APP}\b`),
  new RegExp(String.raw`\b${CHAT_APP}\s+(?:pe|par|par\s+hi|pr)\s+${REACH}`),
  // "WhatsApp me", "whatsapp karo", "my whatsapp number", "telegram id".
  new RegExp(
    String.raw`\b${CHAT_APP}\s+(?:me|karo|kro|kar\s?do|krdo|kr\s?do|kijiye|kar\s?lo|karna|number|no|num|nmbr|id|handle|username)\b`,
  ),
  new RegExp(String.raw`\b(?:my|mera|meri|mere|apna|apne)\s+${CHAT_APP}\b`),
  new RegExp(String.raw`\b(?:join|add\s+me|add\s+kar)\b[^.?!\n]{0,25}\b${CHAT_APP}\b`),
  /\b(?:wa\.me|chat\.whatsapp\.com|api\.whatsapp\.com|t\.me|telegram\.me)\b/,
];

/** Top-level domains a bare 'host.tld' is taken for a link with ('olx-deal.in', 'pay-now.com'). */
const LINK_TLDS =
  /\.(?:com|in|co|me|ly|io|net|org|app|link|xyz|site|shop|store|info|online|live|club|top|click|gl|gy|to|id|at|cc|one|de|ru|fr|li|page|dev)$/;

/**
 * What a newcomer's text raises besides the scam guard's own signals: a mobile number that is not
 * their own shared one (`sharedNumber`: the sender's number when they let every student see it),
 * an invitation to another chat app, a link. The 'Share my number' card is not a text and is never read.
 */
export function findContactSignals(text: string, sharedNumber?: string | null): ContactSignal[] {
  const normal = normalise(text);
  const found: ContactSignal[] = [];
  const own = sharedNumber ? mobileNumbersIn(sharedNumber)[0] : undefined;
  if (mobileNumbersIn(normal).some((number) => number !== own)) found.push("phone_number");
  if (CHAT_APP_INVITES.some((pattern) => pattern.test(normal))) found.push("chat_app_invite");
  const hasLink =
    /\bhttps?:\/\//.test(normal) ||
    hostsOf(revealLinks(normal)).some(({ host, isUrl }) => isUrl || LINK_TLDS.test(host));
  if (hasLink) found.push("link");
  return found;
}

/** Whether a message is among the first few of someone new to the other member. */
export function isNewcomerMessage(newcomer: { isNewContact: boolean; earlierMessages: number }): boolean {
  return newcomer.isNewContact && newcomer.earlierMessages < NEWCOMER_MESSAGES;
}

/** Each stored note's kind of warning; the order of KIND_ORDER decides when a message has several. */
const KIND_OF: Record<Exclude<ScamGuardNote, typeof PHOTO_UNCHECKED>, ScamKind> = {
  qr_scan: "qr_or_pin",
  qr_photo: "qr_or_pin",
  pin: "qr_or_pin",
  otp: "qr_or_pin",
  collect_request: "collect_request",
  payment_link: "collect_request",
  short_link: "collect_request",
  upi_id: "advance",
  advance_payment: "advance",
  courier_charges: "advance",
  defence_story: "advance",
  overpayment: "advance",
  phone_number: "off_platform",
  chat_app_invite: "off_platform",
  link: "off_platform",
};

/**
 * The most pressing first: a code or PIN takes money at once, a collect request on one tap, an
 * advance once paid; moving to WhatsApp only leads there.
 */
const KIND_ORDER: readonly ScamKind[] = ["qr_or_pin", "collect_request", "advance", "off_platform"];

/** The kind of warning a message's stored notes call for; null when they warn of nothing. */
export function scamKindOf(notes: readonly string[]): ScamKind | null {
  const kinds = new Set(notes.map((note) => KIND_OF[note as keyof typeof KIND_OF]).filter(Boolean));
  return KIND_ORDER.find((kind) => kinds.has(kind)) ?? null;
}

/** Whether the stored notes warn of a scam (an unchecked photo alone does not). */
export function isScamWarned(notes: readonly string[]): boolean {
  return notes.some((note) => note !== PHOTO_UNCHECKED);
}

/** What the reader made of a message's photo, from its stored notes; null when nothing is held back. */
export function heldPhotoCheck(notes: readonly string[]): Exclude<PhotoCheck, "clean"> | null {
  if (notes.includes("qr_photo")) return "flagged";
  if (notes.includes(PHOTO_UNCHECKED)) return "unchecked";
  return null;
}
