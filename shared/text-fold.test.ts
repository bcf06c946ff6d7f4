import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldLookalikes } from "./text-fold";

// The one fold the scam guard and the name rule read text through: what a person sees, in
// lower-case Latin letters, whatever script or hidden character it was written with.

describe("foldLookalikes", () => {
  it.each([
    ["Аdmin", "admin", "a Cyrillic А"],
    ["Ad\u200Bmin", "admin", "a zero-width space"],
    ["Ad\u200Dmin Te\u00ADam", "admin team", "a ZWJ and a soft hyphen"],
    ["\uFEFFsup\u2060port", "support", "a byte-order mark and a word joiner"],
    ["ΑDΜΙΝ", "admin", "Greek capitals"],
    ["ｂｉｔ．ｌｙ", "bit.ly", "fullwidth forms"],
    ["𝐚𝐝𝐦𝐢𝐧", "admin", "mathematical bold"],
    ["ⓐⓓⓜⓘⓝ", "admin", "circled letters"],
    ["ѕесսrіtу", "security", "Cyrillic and Armenian letters"],
    ["ᴀᴅᴍɪɴ", "admin", "small capitals"],
    ["rаhul@уbl", "rahul@ybl", "a UPI ID with Cyrillic а and у"],
    ["Rs 1,499 at 4:30", "rs 1,499 at 4:30", "prices and times"],
  ])("reads %j as %j (%s)", (text, folded) => {
    expect(foldLookalikes(text)).toBe(folded);
  });

  it("leaves plain lower-case ASCII as it is", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789 .,@/:?-'") }),
        (text) => {
          expect(foldLookalikes(text)).toBe(text);
        },
      ),
    );
  });

  it("gives the same reading to a text and its disguise with hidden characters", () => {
    const hidden = fc.constantFrom("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad");
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(), hidden), { maxLength: 5 }),
        (text, inserts) => {
          let disguised = text;
          for (const [at, character] of inserts) {
            const cut = at % (disguised.length + 1);
            disguised = `${disguised.slice(0, cut)}${character}${disguised.slice(cut)}`;
          }
          expect(foldLookalikes(disguised)).toBe(foldLookalikes(text));
        },
      ),
    );
  });
});
