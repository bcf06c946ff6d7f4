import { describe, expect, it } from "vitest";
import { checkPasswordStrength, strengthLabel } from "./password-strength";

// Spec section 5, "Password strength" (score 0 to 5), and section 9 (password minimum 6, scale 0 to 5).

const TOO_SHORT = "At least 6 characters required";
const COMMON = "Please choose a less common password";
const REPEATED = "Avoid using the same character repeatedly";

function expectRefused(password: string, message: string) {
  expect(checkPasswordStrength(password)).toEqual({
    score: 0,
    message,
    isValid: false,
    label: "Too Simple",
    tone: "red",
  });
}

describe("checkPasswordStrength: fewer than 6 characters", () => {
  it.each(["", "a", "Ab1!", "Ab1!x"])("refuses %j with 'At least 6 characters required'", (password) => {
    expectRefused(password, TOO_SHORT);
  });

  it("accepts 6 characters as the first length that is long enough", () => {
    expect(checkPasswordStrength("Ab1!x")).toMatchObject({ isValid: false, message: TOO_SHORT });
    expect(checkPasswordStrength("abcdef")).toMatchObject({ isValid: true, message: null, score: 2 });
  });

  it.each(["123", "1234", "12345", "admin"])(
    "refuses the short common password %j for its length, the first rule",
    (password) => {
      expectRefused(password, TOO_SHORT);
    },
  );

  // Characters are counted as a person counts them: three emoji are three characters.
  it("refuses a password of three (astral) characters, which is fewer than 6 characters", () => {
    expectRefused("😀😀😁", TOO_SHORT);
  });
});

describe("checkPasswordStrength: common passwords", () => {
  it.each([
    "123456",
    "password",
    "qwerty",
    "abc123",
    "111111",
    "000000",
    "654321",
    "letmein",
    "welcome",
    "monkey",
    "dragon",
    "master",
  ])("refuses the common password %j exactly", (password) => {
    expectRefused(password, COMMON);
  });

  it.each([
    ["admin1", "admin"],
    ["x12345", "12345"],
    ["ab123cd", "123"],
    ["my1234!", "1234"],
    ["Xqwerty9", "qwerty"],
    ["Xadmin12", "admin"],
    ["master!!", "master"],
    ["1dragon", "dragon"],
  ])("refuses %j (8 characters or fewer) for containing %j", (password) => {
    expectRefused(password, COMMON);
  });

  // The code compares case-insensitively; the spec's list is lower case.
  it.each(["PASSWORD", "PassWord", "QWERTY", "Monkey", "xAdMiN"])(
    "compares case-insensitively: %j is refused as common",
    (password) => {
      expectRefused(password, COMMON);
    },
  );

  it.each([
    ["password1", 9, 4],
    ["xpassword1", 10, 4],
    ["1password", 9, 4],
    ["Xadmin123", 9, 5],
    ["qwerty123", 9, 4],
    ["letmein!!", 9, 4],
    ["welcome2campus", 14, 4],
  ])(
    "accepts %j (%i characters, more than 8) even though it contains a common password",
    (password, length, score) => {
      expect(password).toHaveLength(length);
      expect(checkPasswordStrength(password)).toMatchObject({ isValid: true, message: null, score });
    },
  );
});

describe("checkPasswordStrength: one character repeated", () => {
  it.each(["aaaaaa", "aaaaaaa", "ZZZZZZZZZZ", "!!!!!!", "2222222", "😀😀😀😀😀😀"])(
    "refuses %j with 'Avoid using the same character repeatedly'",
    (password) => {
      expectRefused(password, REPEATED);
    },
  );

  it.each(["aaaaab", "baaaaa", "aaaaaA"])(
    "accepts %j, which is not a single repeated character",
    (password) => {
      expect(checkPasswordStrength(password)).toMatchObject({ isValid: true, message: null });
    },
  );

  it("reports a common repeated password such as 111111 as common (the common check comes first)", () => {
    expectRefused("111111", COMMON);
    expectRefused("0000000", COMMON);
  });
});

describe("checkPasswordStrength: score", () => {
  it.each([
    // password, score, why
    ["abcdef", 2, "6 characters, no extra point"],
    ["ABCDEF", 2, "upper case alone is not mixed case"],
    ["abcdefg", 2, "7 characters: no length point yet"],
    ["abcdefgh", 3, "+1 for 8 or more characters"],
    ["Abcdef", 3, "+1 for lower and upper case"],
    ["abcde7", 3, "+1 for a digit"],
    ["abcde!", 3, "+1 for a symbol"],
    ["Abcdefgh", 4, "length and mixed case"],
    ["abcd7!", 4, "digit and symbol"],
    ["abcdefg7", 4, "length and digit"],
    ["Abc7!x", 5, "mixed case, digit and symbol"],
    ["Abcdefg7", 5, "length, mixed case and digit"],
    ["abcdefg7!", 5, "length, digit and symbol"],
  ])("scores %j as %i (%s)", (password, score) => {
    expect(checkPasswordStrength(password)).toMatchObject({ score, isValid: true, message: null });
  });

  it.each(["Abcdefg7!", "Campus#2024", "Tr0ub4dor&3x"])(
    "caps the score at 5 when all four extra points (2 + 4 = 6) are earned: %j",
    (password) => {
      expect(checkPasswordStrength(password).score).toBe(5);
    },
  );

  it.each(["abc", "password", "aaaaaa"])("sets the score of a refused password (%j) to 0", (password) => {
    expect(checkPasswordStrength(password).score).toBe(0);
  });
});

describe("strength bar: label and tone", () => {
  it.each([
    [0, "Too Simple"],
    [1, "Too Simple"],
    [2, "Good"],
    [3, "Great"],
    [4, "Great"],
    [5, "Great"],
  ])("labels score %i as %j", (score, label) => {
    expect(strengthLabel(score)).toBe(label);
  });

  it.each([
    ["aaaaaa", 0, "Too Simple", "red"],
    ["abcdef", 2, "Good", "yellow"],
    ["abcdefgh", 3, "Great", "green"],
    ["Abcdefgh", 4, "Great", "green"],
    ["Abcdefg7", 5, "Great", "green"],
  ])("shows %j (score %i) as %j in %s", (password, score, label, tone) => {
    expect(checkPasswordStrength(password)).toMatchObject({ score, label, tone });
  });
});
