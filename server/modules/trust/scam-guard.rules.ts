import { hasUpiId, hostsOf, normalise, revealLinks } from "./scam-guard.reading";

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
