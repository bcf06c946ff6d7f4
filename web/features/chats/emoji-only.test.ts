import { describe, expect, it } from "vitest";
import { isEmojiOnly } from "./emoji-only";

describe("isEmojiOnly", () => {
  it("takes one to three emoji, with skin tones, joined families and flags", () => {
    for (const text of ["😂", " 👍🏽 ", "❤️❤️", "👨‍👩‍👧", "🇮🇳", "🔥 🔥 🔥"]) {
      expect(isEmojiOnly(text), text).toBe(true);
    }
  });

  it("leaves text, numbers, four emoji and empty messages as text", () => {
    for (const text of ["ok 👍", "123", "#", "😂😂😂😂", "", "   ", "₹500"]) {
      expect(isEmojiOnly(text), text).toBe(false);
    }
  });
});
