import { hostsOf, normalise, revealLinks } from "./scam-guard.reading";

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
