import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  findScamSignals,
  findScamSignalsAfter,
  heldPhotoCheck,
  isScamWarned,
  SCAM_SIGNALS,
  type ScamSignal,
  scamSignalsOf,
} from "./scam-guard.service";

// Issue 18, "Scam guard in chat": a message that asks for money outside a handover or for payment
// credentials warns its recipient; ordinary bargaining never does. The phrasings below are the
// ones fake buyers and fake sellers send on Indian marketplaces, in English and Hinglish.

const MUST_WARN: [string, ScamSignal][] = [
  // UPI IDs: a name@bank handle, never an e-mail address.
  ["My UPI id is rahul.sharma@okaxis, send there", "upi_id"],
  ["Pay on 9876543210@ybl", "upi_id"],
  ["upi: priya.k@oksbi", "upi_id"],
  ["gpay karo amit123@okhdfcbank pe", "upi_id"],
  ["send to sneha@paytm.", "upi_id"],
  ["mera upi hai vikas@kotak811", "upi_id"],
  // Collect requests.
  ["I have sent you a collect request, please accept it to receive the money", "collect_request"],
  ["Maine payment request bheji hai, accept karo", "collect_request"],
  ["Please approve the request on PhonePe, then amount will be credited", "collect_request"],
  ["Request accept kar do, paise aa jayenge", "collect_request"],
  ["check gpay, I sent a request of 1500 rs, approve it", "collect_request"],
  // QR codes "to receive money".
  ["Scan this QR code to receive your payment", "qr_scan"],
  ["QR scan karo, paise aapke account mein aa jayenge", "qr_scan"],
  ["Main QR bhej raha hu, usko scan karke receive kar lo", "qr_scan"],
  ["Just scan the code and money will be credited", "qr_scan"],
  ["Sir please scan the QR I sent on whatsapp", "qr_scan"],
  // Advance, token amount, money before meeting.
  ["Advance bhejo, kal deliver kar dunga", "advance_payment"],
  ["Pay 500 advance and I will keep it for you", "advance_payment"],
  ["send ₹300 as advance first", "advance_payment"],
  ["Pehle paise bhejo phir milte hai", "advance_payment"],
  ["Pay the token amount of 200 to book the cycle", "advance_payment"],
  ["First transfer the money, then I will bring the laptop", "advance_payment"],
  ["50% advance dena padega", "advance_payment"],
  ["Payment before delivery only, no exceptions", "advance_payment"],
  ["full payment online kar do abhi", "advance_payment"],
  ["There is a refundable security deposit of 1000", "advance_payment"],
  ["bhai 200 token de do, item hold kar dunga", "advance_payment"],
  ["Kindly accept the payment request of Rs 5000 on Google Pay", "collect_request"],
  ["Sir I will send money through QR code, you scan and enter the amount", "qr_scan"],
  ["Receive money karne ke liye PIN enter karna padega", "pin"],
  ["Sir I am sending 10 rupees first to check, accept the request", "collect_request"],
  ["Your payment is on hold, complete KYC at https://kyc-update.in/olx", "payment_link"],
  ["Pay ₹99 registration fee to unlock the buyer's payment", "advance_payment"],
  ["Main army me hu, courier se bhej dunga, pehle payment karo", "defence_story"],
  ["Apna pin batao bhai, paise bhejne hai", "pin"],
  ["I will send the amount through Google Pay, you will get a request, just enter your pin", "pin"],
  ["I have paid, check your account. To receive click bit.ly/rcv-2000", "short_link"],
  ["Please pay ₹2 to verify your account, I will return it with the full amount", "advance_payment"],
  ["Amount debit nahi hoga, credit hoga, tension mat lo, bas pin daalo", "pin"],
  ["Mera dost aayega item lene, aap pehle QR scan karke confirm karo", "qr_scan"],
  ["I am in Indian Air Force, posted in Jamnagar", "defence_story"],
  ["UPI ID bhejo, main collect bhejta hu", "collect_request"],
  ["Paytm pe request daali hai, approve kar do", "collect_request"],
  ["Send your debit card number and CVV for the refund", "pin"],
  ["Gate pass ke liye 200 bhejo, tabhi andar aa paoge", "advance_payment"],
  ["I am sending QR code, scan it and you will receive 5000", "qr_scan"],
  ["Sir please check PhonePe, I sent money request, accept it", "collect_request"],
  ["Pay 1000 first, I will send the item by courier", "courier_charges"],
  ["I sent you 15000 instead of 1500 by mistake, please send back 13500", "overpayment"],
  ["WhatsApp me on 9876543210, I will send the payment link", "payment_link"],
  ["Give me the code you got in SMS", "otp"],
  ["I'm out of station, pay online and my brother will deliver", "advance_payment"],
  ["Please pay 50% now and 50% on delivery", "advance_payment"],
  ["Sir, click on the link and enter the amount to receive", "collect_request"],
  ["open gpay and approve the 2000 request", "collect_request"],
  // OTPs.
  ["Share the OTP you just received", "otp"],
  ["OTP batao jo aaya hai", "otp"],
  ["Bro tell me the 6 digit code that came on your phone", "otp"],
  ["Please forward the verification code, it is for the payment", "otp"],
  ["o.t.p bhejo jaldi", "otp"],
  // PINs.
  ["Enter your UPI PIN to receive 2000 rupees", "pin"],
  ["pin daalo, paise receive ho jayenge", "pin"],
  ["Type your pin and the amount will be added", "pin"],
  ["Apna ATM pin batao", "pin"],
  ["just enter mpin and approve", "pin"],
  // Courier charges.
  ["I'm in Pune, I will courier it, just pay the courier charges of 350", "courier_charges"],
  ["Courier ke paise bhej do, item kal aa jayega", "courier_charges"],
  ["Pay shipping charges first and I will dispatch today", "courier_charges"],
  ["Delivery charges 200 pay kar do pehle", "courier_charges"],
  // Army and CRPF buyer or seller stories.
  ["I am an army officer posted in Ambala, I will send my jawan to collect", "defence_story"],
  ["Sir I am in CRPF, transfer ho gaya hai isliye bech raha hu", "defence_story"],
  ["I am from Indian Army, I cannot come, our canteen will pay", "defence_story"],
  ["Main fauji hu, payment online karunga", "defence_story"],
  ["My unit is in the cantonment, army man will pick it up", "defence_story"],
  // Overpayment "by mistake".
  ["I sent 5000 by mistake instead of 500, please return the extra", "overpayment"],
  ["Galti se zyada paise bhej diye, 4500 wapas kar do", "overpayment"],
  // Payment and short links.
  ["Pay here: https://rzp.io/l/campus-deal", "payment_link"],
  ["use this link paytm.me/abc123 to pay", "payment_link"],
  ["Fill your details at https://olx-payments.in/receive", "payment_link"],
  ["open upi://pay?pa=rahul@ybl&am=1500 on your phone", "payment_link"],
  ["Details here bit.ly/3xYz9 check it", "short_link"],
  ["click https://tinyurl.com/receive-money", "short_link"],
  ["see www.cutt.ly/abc", "short_link"],
];

const MUST_NOT_WARN: string[] = [
  // Bargaining.
  "can you do 400?",
  "Is 1200 final or negotiable?",
  "Last price kitna hoga bhaiya?",
  "400 mein de do na, student hu",
  "I can pay 750, not more",
  "Deal at 900. I'll bring cash.",
  "Kya aap 10% kam kar sakte ho?",
  "Still available?",
  "Is the bill and box there?",
  "Can I see more photos of the scratch on the back?",
  // Meeting on campus.
  "meet at the library at 5",
  "Let's meet near the main gate canteen tomorrow 11am",
  "Hostel 4 ke bahar mil lete hai, 6 baje",
  "I'm in class till 3, after that?",
  "See you at the SAC at 7 pm",
  "Pin me the location of your hostel",
  "Which block? I'll come to your hostel",
  "meet me @ the canteen",
  // Paying at the handover, the safe way.
  "I'll pay by GPay when we meet",
  "Cash or UPI on handover, whatever you like",
  "Do you have a QR? I'll scan it when I pick it up",
  "I'll scan your QR at the library and pay there",
  "Main aake tumhara QR scan kar lunga",
  "Pehle item dekhunga phir paise dunga",
  "First I'll check the item, then pay",
  "I will pay after checking it",
  "payment on delivery in person only",
  "No advance needed, pay when you see it",
  "Please tell me in advance if you can't come",
  "Is this Advanced Engineering Mathematics by Kreyszig?",
  "Selling my Swiss army knife, barely used",
  "Army green jacket, size M",
  "Is there a pin code issue? No, I'm on campus",
  "Selling a box of drawing pins and a safety pin set",
  // E-mail addresses and ordinary links.
  "Mail me the details at rahul.sharma@gmail.com",
  "My college id is priya@iitb.ac.in if you need it",
  "Here is the Amazon link for the same model: https://www.amazon.in/dp/B09XYZ",
  "The notes are on drive.google.com/drive/folders/abc",
  "Check the specs on flipkart.com",
  "The book is 'Code Complete', the code samples are online",
  "My phone was on silent, sorry for the late reply",
  "I already sold it, sorry",
  "Thanks, received the calculator. Works fine!",
  "Can you hold it till Sunday? I'll come with cash",
  "Can you do 400 if I pay cash first thing tomorrow?",
  "Is the charger a 3 pin plug?",
  "Main aake scan karke pay kar dunga, theek hai?",
  "Send the pin location, I'll come there",
  "Location pin bhejo hostel ka",
  "Drop a pin of the gate and I'll find you",
  "I'll transfer the money on GPay once I have the cycle",
  "Ok done, 450 final. Kal 4 baje main gate pe.",
  "I'll collect it tomorrow from your hostel",
  "Main kal collect kar lunga",
  "Can you send me your number? I'll call when I reach",
  "My request: please keep it till Friday",
  "Accept my offer of 700?",
  "Sorry, I've accepted another request already",
  "Is the bill in your name? Need it for the warranty",
  "Gate pass milega? I'm not from this college",
  "PhonePe or cash, both fine at pickup",
  "I'll be there at 4:30, blue shirt",
  "The first owner was my senior, I'm the second",
  "Do you want UPI to receive the money? I can do cash too",
  "Click the link for the Amazon price, it's 1800 new",
  "Give me the code of the lab",
  "I'm out of station till Monday, can meet Tuesday",
  "Enter the amount you want to pay and I'll tell you",
  "Accept it or not, your choice, 500 is final",
  "First payment of the semester fees is due, so budget is tight",
];

describe("findScamSignals", () => {
  it("has at least 40 phrasings on each side", () => {
    expect(MUST_WARN.length).toBeGreaterThanOrEqual(40);
    expect(MUST_NOT_WARN.length).toBeGreaterThanOrEqual(40);
  });

  it.each(MUST_WARN)("warns on %j (%s)", (text, signal) => {
    expect(findScamSignals(text)).toContain(signal);
  });

  it.each(MUST_NOT_WARN)("stays quiet on %j", (text) => {
    expect(findScamSignals(text)).toEqual([]);
  });

  it("names every signal a message raises, once, in a fixed order", () => {
    expect(findScamSignals("Scan the QR and enter your UPI PIN, or pay on amit@ybl. Scan QR again")).toEqual([
      "upi_id",
      "qr_scan",
      "pin",
    ]);
  });

  it("tells a UPI ID from an e-mail address at the same provider", () => {
    expect(findScamSignals("sneha@paytm")).toEqual(["upi_id"]);
    expect(findScamSignals("sneha@paytm.com")).toEqual([]);
  });

  it("checks a long message quickly, whatever it holds (every send runs the rules)", () => {
    const texts = ["a".repeat(2000), "a.".repeat(1000), "pay first ".repeat(200), "x@y".repeat(666)];
    const started = performance.now();
    for (const text of texts) findScamSignals(text);
    expect(performance.now() - started).toBeLessThan(250);
  });

  it("answers for any text a person can type, with known signals only", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (text) => {
        const signals = findScamSignals(text);
        expect(signals.every((signal) => SCAM_SIGNALS.includes(signal))).toBe(true);
        expect(new Set(signals).size).toBe(signals.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe("scamSignalsOf", () => {
  it("adds qr_photo for a photo that holds a QR code, and photo_unchecked for one not read to the end", () => {
    expect(scamSignalsOf({ text: "", photoCheck: "flagged" })).toEqual(["qr_photo"]);
    expect(scamSignalsOf({ text: "", photoCheck: "clean" })).toEqual([]);
    expect(scamSignalsOf({ text: "", photoCheck: "unchecked" })).toEqual(["photo_unchecked"]);
    expect(isScamWarned(["photo_unchecked"])).toBe(false);
    expect(isScamWarned(["qr_photo"])).toBe(true);
    expect(heldPhotoCheck(["qr_photo"])).toBe("flagged");
    expect(heldPhotoCheck(["photo_unchecked"])).toBe("unchecked");
    expect(heldPhotoCheck(["upi_id"])).toBeNull();
  });
});

// Hardening, second round: the same baits disguised. Hidden format characters inside words,
// letters from other scripts that look Latin, a UPI ID spaced around its '@' or split over two
// messages, and link shorteners written so that no link shows.

/** Format characters a reader cannot see: zero-width space, ZWNJ, ZWJ, word joiner, BOM, soft hyphen. */
const HIDDEN_FORMAT = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"];
/** Letters of other scripts that pass for Latin ones, written out here (not taken from the fold). */
const LOOKALIKE_OF: Record<string, string[]> = {
  a: ["а", "α"],
  c: ["с", "ϲ"],
  d: ["ԁ"],
  e: ["е"],
  h: ["һ"],
  i: ["і", "ι"],
  j: ["ј"],
  k: ["κ"],
  n: ["ո"],
  o: ["о", "ο", "օ"],
  p: ["р", "ρ"],
  s: ["ѕ"],
  u: ["ս"],
  v: ["ν"],
  w: ["ԝ"],
  x: ["х", "χ"],
  y: ["у"],
  A: ["А", "Α"],
  B: ["В", "Β"],
  C: ["С"],
  E: ["Е", "Ε"],
  H: ["Н", "Η"],
  I: ["І", "Ι"],
  K: ["К", "Κ"],
  M: ["М", "Μ"],
  N: ["Ν"],
  O: ["О", "Ο"],
  P: ["Р", "Ρ"],
  T: ["Т", "Τ"],
  X: ["Х", "Χ"],
  Y: ["Υ"],
};
/** The fullwidth form of a printable ASCII character ('ｂｉｔ．ｌｙ'). */
const fullwidth = (character: string) => String.fromCharCode(character.charCodeAt(0) + 0xfee0);

/**
 * A text disguised: some characters swapped for a look-alike or their fullwidth form, and hidden
 * format characters inserted anywhere.
 */
const disguiseOf = (text: string) =>
  fc
    .record({
      swaps: fc.array(fc.nat({ max: 5 }), { minLength: text.length, maxLength: text.length }),
      hidden: fc.array(fc.tuple(fc.nat({ max: text.length }), fc.constantFrom(...HIDDEN_FORMAT)), {
        maxLength: 8,
      }),
    })
    .map(({ swaps, hidden }) => {
      const characters = [...text].map((character, index) => {
        const swap = swaps[index] ?? 0;
        const lookalikes = LOOKALIKE_OF[character];
        if (swap === 1 && lookalikes) return lookalikes[index % lookalikes.length] ?? character;
        if (swap === 2 && /[!-~]/.test(character)) return fullwidth(character);
        return character;
      });
      for (const [position, character] of [...hidden].sort((a, b) => b[0] - a[0])) {
        characters.splice(Math.min(position, characters.length), 0, character);
      }
      return characters.join("");
    });

const baitAndDisguise = fc
  .constantFrom(...MUST_WARN)
  .chain(([text, signal]) => fc.tuple(fc.constant(signal), disguiseOf(text)));

/** The signal is raised by the first message alone, or by the second read after it. */
function isFlaggedOverTwo(first: string, second: string, signal: ScamSignal): boolean {
  return findScamSignals(first).includes(signal) || findScamSignalsAfter([first], second).includes(signal);
}

describe("disguised baits", () => {
  it("still warns when hidden characters, look-alike letters and fullwidth forms are mixed in", () => {
    fc.assert(
      fc.property(baitAndDisguise, ([signal, text]) => {
        expect(findScamSignals(text), JSON.stringify(text)).toContain(signal);
      }),
      { numRuns: 600 },
    );
  });

  it("still warns on a UPI ID with any spacing around its '@'", () => {
    const withAt = MUST_WARN.filter(([text]) => /\w@\w/.test(text));
    expect(withAt.length).toBeGreaterThanOrEqual(6);
    fc.assert(
      fc.property(
        fc.constantFrom(...withAt),
        fc.constantFrom(" @ ", "@ ", " @", "  @  "),
        ([text, signal], at) => {
          const spaced = text.replace(/(\w)@(\w)/, `$1${at}$2`);
          expect(findScamSignals(spaced), spaced).toContain(signal);
        },
      ),
    );
    for (const text of ["rahul @ ybl", "rahul@ ybl", "rahul @ybl", "pay to rahul @ kotak811"]) {
      expect(findScamSignals(text), text).toContain("upi_id");
    }
  });

  it("still warns when the bait is split over two messages at any point, disguised or not", () => {
    fc.assert(
      fc.property(baitAndDisguise, fc.double({ min: 0, max: 1, noNaN: true }), ([signal, text], at) => {
        const cut = Math.floor(at * text.length);
        const [first, second] = [text.slice(0, cut).trim(), text.slice(cut).trim()];
        fc.pre(first.length > 0 && second.length > 0);
        expect(
          isFlaggedOverTwo(first, second, signal),
          `${JSON.stringify(first)} | ${JSON.stringify(second)}`,
        ).toBe(true);
      }),
      { numRuns: 1000 },
    );
    expect(findScamSignalsAfter(["My UPI is rahul@"], "ybl")).toEqual(["upi_id"]);
    expect(findScamSignalsAfter(["rahul"], "@ybl pe bhejo")).toEqual(["upi_id"]);
  });

  it("flags the second message only for what it completes, not again for what the first said", () => {
    expect(findScamSignalsAfter(["Share the OTP"], "ok thanks")).toEqual([]);
    expect(findScamSignalsAfter(["Share the OTP"], "and pay on rahul@ybl")).toEqual(["upi_id"]);
    expect(scamSignalsOf({ text: "ybl", earlierTexts: ["send to rahul@"] })).toEqual(["upi_id"]);
  });

  it.each([
    "Details here bit[.]ly/3xYz9",
    "open bit(.)ly/rcv-2000 to receive",
    "go to bit dot ly slash rcv",
    "check bit{.}ly/abc",
    "click hxxps[:]//tinyurl[.]com/receive-money",
    "link: bit [dot] ly/abc",
    "see ｂｉｔ．ｌｙ/abc",
    "bіt.ly/abc (with a Cyrillic і)",
  ])("warns on an obfuscated short link: %j", (text) => {
    expect(findScamSignals(text)).toContain("short_link");
  });
});

/** Ordinary pieces of a message: names, prices, places, times and Hindi words. */
const BENIGN_PIECES = [
  "Priya Sharma",
  "Rahul Verma",
  "Ananya Rao",
  "José Müller",
  "प्रिया शर्मा",
  "नमस्ते",
  "कल मिलते हैं",
  "किताब अच्छी है",
  "साइकिल",
  "धन्यवाद",
  "₹450",
  "Rs 1200",
  "500/-",
  "1,499",
  "10% off",
  "is it available?",
  "kal milte hai",
  "theek hai bhaiya",
  "at the library",
  "main gate",
  "hostel 4",
  "at 5 pm",
  "4:30",
  "tomorrow",
  "ok",
  "thanks!",
  "priya.sharma@gmail.com",
  "meet me @ the canteen",
  "I'll pay by GPay when we meet",
  "the bill and box are there",
  "CSE 2nd year",
  "👍",
  "Ana 👩🏽‍💻",
];
const benignText = fc
  .array(fc.constantFrom(...BENIGN_PIECES), { minLength: 1, maxLength: 8 })
  .map((pieces) => pieces.join(" "));

describe("ordinary messages stay quiet however they are written", () => {
  it("no warning on names, prices, places and Hindi words, plain or disguised", () => {
    fc.assert(
      fc.property(
        benignText.chain((text) => fc.tuple(fc.constant(text), disguiseOf(text))),
        ([text, disguised]) => {
          expect(findScamSignals(text), text).toEqual([]);
          expect(findScamSignals(disguised), JSON.stringify(disguised)).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("no warning on ordinary messages read together", () => {
    fc.assert(
      fc.property(fc.array(benignText, { minLength: 1, maxLength: 2 }), benignText, (earlier, text) => {
        expect(findScamSignalsAfter(earlier, text)).toEqual([]);
      }),
      { numRuns: 300 },
    );
    for (const text of MUST_NOT_WARN) {
      expect(findScamSignalsAfter(["ok"], text), text).toEqual([]);
    }
  });
});
