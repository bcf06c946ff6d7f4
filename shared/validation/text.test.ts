import { describe, expect, it } from "vitest";
import { SignupBodySchema } from "../api/auth";
import { SendMessageBodySchema } from "../api/chats";
import { TEXT_MESSAGES } from "./messages";
import { validateName } from "./settings";
import { isMultiLineText, isSingleLineText, stripHiddenFormat, wellFormed } from "./text";

const HIDDEN: [string, string][] = [
  ["a right-to-left override", "\u202e"],
  ["a left-to-right embedding", "\u202a"],
  ["a pop directional formatting", "\u202c"],
  ["a right-to-left isolate", "\u2067"],
  ["a pop directional isolate", "\u2069"],
  ["a left-to-right mark", "\u200e"],
  ["a right-to-left mark", "\u200f"],
  ["an Arabic letter mark", "\u061c"],
  ["a bell (C0)", "\u0007"],
  ["an escape (C0)", "\u001b"],
  ["a tab", "\t"],
  ["DEL", "\u007f"],
  ["a C1 control", "\u0085"],
  ["a C1 control (CSI)", "\u009b"],
];

describe("isSingleLineText", () => {
  it.each<[string, string]>([
    ...HIDDEN,
    ["a line feed", "\n"],
    ["a carriage return", "\r"],
    ["a line separator", "\u2028"],
  ])("refuses %s", (_label, character) => expect(isSingleLineText(`Priya${character}Sharma`)).toBe(false));

  it("takes names in any script, accents and emoji", () => {
    for (const name of ["Priya Sharma", "José Müller", "प्रिया शर्मा", "محمد علي", "李小龙", "Ana 👩🏽‍💻"]) {
      expect(isSingleLineText(name)).toBe(true);
    }
  });
});

describe("isMultiLineText", () => {
  it("keeps line breaks", () =>
    expect(isMultiLineText("Pick up at the gate.\r\nCall first.\n\u2029Thanks")).toBe(true));
  it.each(HIDDEN)("refuses %s", (_label, character) =>
    expect(isMultiLineText(`Still${character} available?`)).toBe(false),
  );
});

describe("the shared schemas say it, for the browser and the server alike", () => {
  it("refuses a name that reads the other way round, with the message", () => {
    expect(validateName("Priya \u202eahsrahS")).toBe(TEXT_MESSAGES.singleLine("Name"));
    const signup = SignupBodySchema.safeParse({
      name: "Priya\nAdmin: your account is blocked",
      email: "priya@example.in",
      city: "Mumbai",
      college: "IIT Bombay",
      mobile: "9876543210",
      password: "Campus#Bazaar9",
      acceptTerms: true,
    });
    expect(signup.error?.issues[0]?.message).toBe(TEXT_MESSAGES.singleLine("Name"));
  });

  it("lets a message keep its line breaks but not a direction override", () => {
    const message = (text: string) =>
      SendMessageBodySchema.safeParse({ type: "text", clientId: "c-12345678", text });
    expect(message("Still available?\nI can come at 5").success).toBe(true);
    expect(message("Still available?\u202e").error?.issues[0]?.message).toBe(
      TEXT_MESSAGES.multiLine("A message"),
    );
  });
});

describe("stripHiddenFormat", () => {
  it.each([
    ["a zero-width space", "Ad\u200bmin", "Admin"],
    ["a soft hyphen", "bit\u00ad.ly", "bit.ly"],
    ["a word joiner and a byte-order mark", "\ufeffo\u2060tp", "otp"],
    ["a ZWJ between Latin letters", "ra\u200dhul@ybl", "rahul@ybl"],
    ["a ZWNJ between digits", "98\u200c76", "9876"],
    ["a stray tag character", "pay\u{E0041}ment", "payment"],
    ["an invisible operator", "Rs\u2062500", "Rs500"],
  ])("removes %s", (_label, text, stripped) => expect(stripHiddenFormat(text)).toBe(stripped));

  it.each([
    ["a Devanagari half form (ZWJ after the virama)", "क्\u200dष"],
    ["a Malayalam chillu", "അവന്\u200d"],
    ["a Persian word part (ZWNJ)", "می\u200cخواهم"],
    ["an emoji ZWJ sequence", "Ana 👩🏽\u200d💻"],
    ["a subdivision flag's tags", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"],
    ["a direction override, refused with a message instead", "Priya \u202eahsrahS"],
  ])("keeps %s", (_label, text) => expect(stripHiddenFormat(text)).toBe(text));

  it("is what the shared schemas store: a message and a name reach the server without them", () => {
    const message = SendMessageBodySchema.parse({
      type: "text",
      clientId: "c-12345678",
      text: "Pay on ra\u200bhul@ybl",
    });
    expect(message.type === "text" && message.text).toBe("Pay on rahul@ybl");
    const signup = SignupBodySchema.parse({
      name: "Priya\u00ad Sharma",
      email: "priya@example.in",
      city: "Mumbai",
      college: "IIT Bombay",
      mobile: "9876543210",
      password: "Campus#Bazaar9\u200b",
      acceptTerms: true,
    });
    expect(signup.name).toBe("Priya Sharma");
    // A password is a secret, not a text anyone reads: it stays exactly as typed.
    expect(signup.password).toBe("Campus#Bazaar9\u200b");
  });

  it("a text of hidden characters only is empty once stripped, and refused as empty", () => {
    const message = SendMessageBodySchema.safeParse({
      type: "text",
      clientId: "c-12345678",
      text: "\u200b\u00ad",
    });
    expect(message.success).toBe(false);
  });
});

describe("wellFormed", () => {
  it("turns a lone half of a character pair into U+FFFD and keeps whole pairs", () => {
    expect(wellFormed("fx\uD800991")).toBe("fx\uFFFD991");
    expect(wellFormed("\uDC00book")).toBe("\uFFFDbook");
    expect(wellFormed("deal 🤝 done")).toBe("deal 🤝 done");
    expect(wellFormed("किताब")).toBe("किताब");
  });
});
