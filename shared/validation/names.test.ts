import { describe, expect, it } from "vitest";
import { SIGNUP_MESSAGES } from "./messages";
import { impersonatesPlatform, newNameRefusal } from "./names";

// Hardening, second round: a name may not pass for the platform (it shows in chats, push titles
// and mails), however it is written.

const PASSES_FOR_THE_PLATFORM = [
  "Campus Bazaar Security https://cb-verify.in",
  "Administrator",
  "Ad\u200Bmin Team",
  "Аdmin",
  "ADMIN",
  "Adm1n Desk",
  "A d m i n",
  "Admln",
  "𝐀𝐝𝐦𝐢𝐧",
  "ＡＤＭＩＮ",
  "Support Team",
  "S.u.p.p.o.r.t",
  "Campus Bazaar",
  "CampusBazaar",
  "Campus_Bazaar Official",
  "Campus B a z a a r",
  "Moderator Priya",
  "Security Desk",
  "$ecurity",
  "Help Desk",
  "Customer Care",
  "Priya bit.ly/refund",
  "Rahul (www.example.com)",
  "Ram bit[.]ly",
  "Priya t.me/priya",
];

const ORDINARY_NAMES = [
  "Priya Sharma",
  "Badminton Club",
  "Muhammad Minhas",
  "Sadmin Khan",
  "Supriya",
  "A. P. J. Abdul Kalam",
  "J.R.R. Tolkien",
  "Dr. Ramesh",
  "प्रिया शर्मा",
  "José Müller",
  "محمد علي",
  "李小龙",
  "Ana 👩🏽‍💻",
  "Lakshmi S.",
  "Adam Inkster",
  "Campbell",
];

describe("impersonatesPlatform", () => {
  it.each(PASSES_FOR_THE_PLATFORM)("refuses %j", (name) => expect(impersonatesPlatform(name)).toBe(true));
  it.each(ORDINARY_NAMES)("takes %j", (name) => expect(impersonatesPlatform(name)).toBe(false));
});

describe("newNameRefusal", () => {
  it("refuses a new name that passes for the platform, with the message", () => {
    expect(newNameRefusal("Priya Sharma", "Campus Bazaar Support")).toBe(SIGNUP_MESSAGES.reservedName);
  });
  it("does not read an unchanged name again (an account from before, the seeded administrator)", () => {
    expect(newNameRefusal("Administrator", "Administrator ")).toBeNull();
    expect(newNameRefusal("Priya Sharma", "Priya S.")).toBeNull();
  });
});
