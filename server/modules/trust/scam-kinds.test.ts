import { SCAM_KINDS, type ScamKind } from "@shared/scam-kinds";
import { describe, expect, it } from "vitest";
import { findContactSignals, isNewcomerMessage, scamKindOf, scamSignalsOf } from "./scam-guard.service";

// Issue 38, "Warnings that fit the scam": each flagged message has one kind, and its warning says
// what that scam needs. The phrasings are real ones, in English and Hinglish, read as the first
// message of someone new (so the contact rule applies too); the innocent ones must stay quiet.

const NEW = { isNewContact: true, earlierMessages: 0 };
const kindOf = (text: string, newcomer: Parameters<typeof scamSignalsOf>[0]["newcomer"] = NEW) =>
  scamKindOf(scamSignalsOf({ text, newcomer }));

const FLAGGED: [string, ScamKind][] = [
  // QR code or PIN.
  ["Scan this QR code to receive your payment", "qr_or_pin"],
  ["QR scan karo, paise aapke account mein aa jayenge", "qr_or_pin"],
  ["Apna UPI PIN daalo, 2000 credit ho jayega", "qr_or_pin"],
  ["Just enter your pin to receive the money", "qr_or_pin"],
  ["Bhai OTP bata do jo abhi aaya hai", "qr_or_pin"],
  ["Sir please scan the QR I sent on whatsapp", "qr_or_pin"],
  // Advance, courier, 'army' stories.
  ["Advance bhejo, kal deliver kar dunga", "advance"],
  ["Pay 500 advance and I will keep it for you", "advance"],
  ["Pehle paise bhejo phir milte hai", "advance"],
  ["I am in the army, posted at Pune cantonment, will send by courier", "advance"],
  ["Courier charges 300 pay kar do, parcel aaj dispatch hoga", "advance"],
  ["bhai 200 token de do, item hold kar dunga", "advance"],
  ["Main fauji hu, gate pass ke liye 200 bhejo", "advance"],
  ["send ₹300 as advance first", "advance"],
  ["Galti se 5000 extra bhej diya, wapas kar do please", "advance"],
  ["My UPI id is rahul.sharma@okaxis, send there", "advance"],
  // A way out of the chat from someone new.
  ["Hi, is it available? Call me on 9876543210", "off_platform"],
  ["interested hu, whatsapp karo 98765 43210", "off_platform"],
  ["Msg me on WhatsApp, I reply faster there", "off_platform"],
  ["Telegram pe aao bhai, wahan baat karte hai", "off_platform"],
  ["my whatsapp no is +91-98765-43210", "off_platform"],
  ["Join my channel for cheap phones https://t.me/cheapphonesdeal", "off_platform"],
  ["See more photos here: www.olx-deals.com/item/4451", "off_platform"],
  ["mera number 09812345678 hai, call kar lena", "off_platform"],
  ["DM me on insta for the full set", "off_platform"],
  ["wa.me/919876543210 pe ping karo", "off_platform"],
  // Payment links and collect requests.
  ["I have sent you a collect request, please accept it to receive the money", "collect_request"],
  ["Maine payment request bheji hai, accept karo", "collect_request"],
  ["Kindly accept the payment request of Rs 5000 on Google Pay", "collect_request"],
  ["Pay here: https://rzp.io/l/booking-cycle", "collect_request"],
  ["paytm.me/abc123 pe token amount bhej do", "collect_request"],
  ["Request accept kar do, paise aa jayenge", "collect_request"],
  ["To receive click bit.ly/rcv-2000", "collect_request"],
];

const INNOCENT: string[] = [
  // Ordinary bargaining.
  "Is the cycle still available?",
  "Can you do 1800? It's a bit old",
  "Final price 2500, no less bhai",
  "thoda kam karo na, 1200 chalega?",
  "Last price kya hai?",
  "I'll pay by GPay when we meet",
  "I'll scan your QR at the handover",
  "Cash on pickup only, is that ok?",
  "Does the price include the charger?",
  "bill hai? warranty kitni bachi hai",
  // Meetup planning.
  "Can we meet at the library entrance at 5?",
  "Main canteen ke paas milte hai kal 4 baje",
  "I'm in hostel 9, room 214, come after 6 pm",
  "Meet at gate no 2 tomorrow, 10:30 works",
  "Kal subah 9 baje CCD ke bahar?",
  "I'll bring it to the B.Tech block tomorrow",
  "Reaching in 10 min, wearing a blue hoodie",
  // Prices and numbers that are not phone numbers.
  "Bought it for 45,000 in 2023, selling for 28000",
  "Roll no 2021CS10123, I'm in your batch",
  "The model number is 1234 5678 90",
  "I saw the post in the hostel WhatsApp group",
  "e-mail me the bill at sneha@gmail.com",
];

describe("the kind of a flagged message", () => {
  it("holds at least 40 phrasings, each kind among the flagged ones", () => {
    expect(FLAGGED.length + INNOCENT.length).toBeGreaterThanOrEqual(40);
    expect(new Set(FLAGGED.map(([, kind]) => kind))).toEqual(new Set(SCAM_KINDS));
  });

  it.each(FLAGGED)("%s -> %s", (text, kind) => {
    expect(kindOf(text)).toBe(kind);
  });

  it.each(INNOCENT.map((text) => [text]))("%s is no scam", (text) => {
    expect(scamSignalsOf({ text, newcomer: NEW })).toEqual([]);
    expect(kindOf(text)).toBeNull();
  });

  it("a number, an invitation or a link is ordinary after the first three messages, or between people who dealt before", () => {
    for (const text of ["Call me on 9876543210", "Msg me on WhatsApp", "see https://example.com/x"]) {
      expect(kindOf(text, { isNewContact: true, earlierMessages: 3 })).toBeNull();
      expect(kindOf(text, { isNewContact: false, earlierMessages: 0 })).toBeNull();
      expect(kindOf(text, { isNewContact: true, earlierMessages: 2 })).toBe("off_platform");
    }
    expect(isNewcomerMessage({ isNewContact: true, earlierMessages: 2 })).toBe(true);
    expect(isNewcomerMessage({ isNewContact: true, earlierMessages: 3 })).toBe(false);
  });

  it("the owner's own number, which they chose to show every student, is not flagged; another number is", () => {
    const newcomer = { ...NEW, sharedNumber: "+919876543210" };
    expect(kindOf("my number is 98765 43210, call anytime", newcomer)).toBeNull();
    expect(kindOf("my number is 98765 43211, call anytime", newcomer)).toBe("off_platform");
    expect(findContactSignals("call 98765 43210")).toEqual(["phone_number"]);
  });

  it("a message with several signals takes the most pressing kind; an unchecked photo has none", () => {
    expect(scamKindOf(["advance_payment", "qr_scan"])).toBe("qr_or_pin");
    expect(scamKindOf(["phone_number", "collect_request"])).toBe("collect_request");
    expect(scamKindOf(["upi_id", "link"])).toBe("advance");
    expect(scamKindOf(["qr_photo"])).toBe("qr_or_pin");
    expect(scamKindOf(["photo_unchecked"])).toBeNull();
    expect(scamKindOf([])).toBeNull();
  });
});
