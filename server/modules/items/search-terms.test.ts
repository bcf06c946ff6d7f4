import { describe, expect, it } from "vitest";
import { editDistance, normaliseSearch, readSearch, rootOf, typoFixes } from "./search-terms";

describe("search terms", () => {
  it.each([
    ["Casio FX-991EX", "casio fx991ex"],
    ["  fx 991ex  ", "fx 991ex"],
    ["pen/pencil set", "penpencil set"],
    ["fx.991_ex/2", "fx991ex2"],
    ["100% cotton", "100% cotton"],
    ["हिंदी किताब", "हिंदी किताब"],
  ])("normalises %j as the database does", (text, expected) => {
    expect(normaliseSearch(text)).toBe(expected);
  });

  it.each([
    ["books", "book"],
    ["book", "book"],
    ["boxes", "box"],
    ["batteries", "batter"],
    ["battery", "batter"],
    ["glass", "glass"],
    ["campus", "campus"],
    ["bus", "bus"],
    ["किताबें", "किताबें"],
  ])("reads %s by its stem %s", (word, root) => {
    expect(rootOf(word)).toBe(root);
  });

  it("gives a word its synonyms and the typos it may carry", () => {
    const terms = readSearch("Kitab cycle fx991");
    expect(terms?.phrase).toBe("kitab cycle fx991");
    expect(terms?.words.map((word) => word.typed)).toEqual(["kitab", "cycle", "fx991"]);
    expect(terms?.words[0]?.forms).toEqual(expect.arrayContaining(["kitab", "book", "किताब"]));
    expect(terms?.words[1]?.forms).toEqual(expect.arrayContaining(["cycle", "साइकिल", "bicycle"]));
    expect(terms?.words.map((word) => word.typos)).toEqual([1, 1, 0]);
    expect(readSearch("   ")).toBeUndefined();
  });

  it("forgives one or two edits by length, a swap counting as one", () => {
    expect(editDistance("calculater", "calculator")).toBe(1);
    expect(editDistance("calcualtor", "calculator")).toBe(1);
    expect(editDistance("kalkulator", "calculator")).toBe(2);
    const [word] = readSearch("kalkulator")?.words ?? [];
    expect(word && typoFixes(word, ["calculator", "calculus", "kalkulator"])).toEqual(["calculator"]);
    const [short] = readSearch("cahir")?.words ?? [];
    expect(short && typoFixes(short, ["chair", "choir", "hair"])).toEqual(["chair"]);
  });
});
