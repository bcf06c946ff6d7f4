import { describe, expect, it } from "vitest";
import { LOGIN_ERRORS, SIGNUP_ERRORS, SIGNUP_MESSAGES } from "./messages";
import {
  isEmailShaped,
  isIndianMobile,
  mobileDigits,
  normaliseEmail,
  type SignupInput,
  sanitiseField,
  sanitiseWhileTyping,
  stripUnsafe,
  validateSignup,
} from "./signup";

// Spec section 5 "Signup" (checked on submit; only the first failing message shown, in this order),
// section 8 (error catalogue) and section 9 (name minimum 2, email maximum 254, mobile 10 digits 6-9).

const NAME = "Name must be at least 2 characters";
const EMAIL = "Please enter a valid email address";
const COLLEGE = "Please select your city and college";
const MOBILE = "Please enter a valid Indian mobile number";
const PASSWORD = "Password does not meet security requirements";
const CONFIRM = "Passwords don't match";
const TERMS = "Please accept the Privacy Policy and Terms of Use to continue";

const valid: SignupInput = {
  name: "Asha Rao",
  email: "asha.rao@iitb.ac.in",
  city: "Mumbai",
  college: "IIT Bombay",
  mobile: "98765 43210",
  password: "Campus#2024",
  confirmPassword: "Campus#2024",
  acceptTerms: true,
};

const signup = (change: Partial<SignupInput>) => validateSignup({ ...valid, ...change });

/** One way to break each rule, in the specification's order. */
const RULES: [number, string, Partial<SignupInput>][] = [
  [1, NAME, { name: "A" }],
  [2, EMAIL, { email: "asha.rao@iitb" }],
  [3, COLLEGE, { college: "" }],
  [4, MOBILE, { mobile: "5876543210" }],
  [5, PASSWORD, { password: "password", confirmPassword: "password" }],
  [6, CONFIRM, { confirmPassword: "Campus#2025" }],
  [7, TERMS, { acceptTerms: false }],
];

const email = (length: number) => `${"a".repeat(length - "@example.com".length)}@example.com`;

describe("validateSignup: each rule and its message", () => {
  it("accepts a body that passes every rule", () => {
    expect(validateSignup(valid)).toBeNull();
  });

  it.each(RULES)("rule %i refuses with %j", (_rule, message, change) => {
    expect(signup(change)).toBe(message);
  });
});

describe("validateSignup: only the first failing message, in the spec's order", () => {
  const pairs = RULES.flatMap((first, i) =>
    RULES.slice(i + 1).map(
      (later) =>
        [first[0], later[0], first[1], { ...first[2], ...later[2] }] as [
          number,
          number,
          string,
          Partial<SignupInput>,
        ],
    ),
  );

  it.each(pairs)(
    "a body failing rules %i and %i gets rule %i's message only",
    (_first, _later, message, change) => {
      expect(signup(change)).toBe(message);
    },
  );

  it("a body failing every rule gets the name message", () => {
    const everything = Object.assign({}, ...RULES.map(([, , change]) => change));
    expect(signup(everything)).toBe(NAME);
  });

  it("a body failing rules 2 and 4 gets rule 2's message", () => {
    expect(signup({ email: "not an email", mobile: "12345" })).toBe(EMAIL);
  });
});

describe("rule 1: name at least 2 characters, after sanitising", () => {
  it.each([
    ["", NAME],
    ["   ", NAME],
    ["A", NAME],
    ["  A  ", NAME],
    ["<A>", NAME],
    ["A&'", NAME],
    ["Al", null],
    ["  Al  ", null],
    ["Asha Rao", null],
  ])("name %j -> %j", (name, expected) => {
    expect(signup({ name })).toBe(expected);
  });

  // Characters are counted as a person counts them: U+20BB7 is one character (two UTF-16 units).
  it("refuses a name of one astral character", () => {
    expect(signup({ name: "𠮷" })).toBe(NAME);
  });
});

describe("rule 2: email shaped, no spaces, at most 254 characters", () => {
  it.each([
    "asha@example.com",
    "a@b.c",
    "asha.rao+bazaar@students.iitb.ac.in",
    "  asha@example.com  ",
    email(254),
  ])("accepts %j", (address) => {
    expect(signup({ email: address })).toBeNull();
    expect(isEmailShaped(address.trim())).toBe(true);
  });

  it.each([
    ["", "empty"],
    ["asha", "no @"],
    ["asha.example.com", "no @"],
    ["asha@example", "no dot in the domain"],
    ["asha@localhost", "no dot in the domain"],
    ["@example.com", "nothing before @"],
    ["asha@", "nothing after @"],
    ["asha@@example.com", "two @"],
    ["asha@rao@example.com", "two @"],
    ["asha rao@example.com", "a space in the local part"],
    ["asha@exa mple.com", "a space in the domain"],
    [email(255), "255 characters"],
  ])("refuses %j (%s)", (address) => {
    expect(signup({ email: address })).toBe(EMAIL);
  });

  it("draws the line between 254 and 255 characters", () => {
    expect(email(254)).toHaveLength(254);
    expect(email(255)).toHaveLength(255);
    expect(isEmailShaped(email(254))).toBe(true);
    expect(isEmailShaped(email(255))).toBe(false);
  });

  it("counts the length without surrounding whitespace", () => {
    expect(signup({ email: `  ${email(254)}  ` })).toBeNull();
  });
});

describe("rule 3: city and college both chosen", () => {
  it.each([
    [{ city: "", college: "IIT Bombay" }],
    [{ city: "Mumbai", college: "" }],
    [{ city: "", college: "" }],
    [{ city: "   ", college: "IIT Bombay" }],
    [{ city: "Mumbai", college: "  " }],
  ])("refuses %j", (change) => {
    expect(signup(change)).toBe(COLLEGE);
  });
});

describe("rule 4: mobile is exactly 10 digits starting 6 to 9, after removing non-digits", () => {
  it.each([
    "9876543210",
    "6000000000",
    "7123456789",
    "8123456789",
    "98765 43210",
    "98765-43210",
    "(987) 654-3210",
    " 98765 43210 ",
  ])("accepts %j", (mobile) => {
    expect(signup({ mobile })).toBeNull();
    expect(isIndianMobile(mobile)).toBe(true);
  });

  it.each([
    ["5876543210", "starts with 5"],
    ["0987654321", "starts with 0"],
    ["1234567890", "starts with 1"],
    ["987654321", "9 digits"],
    ["98765432101", "11 digits"],
    ["+91 98765 43210", "12 digits once +91 is kept as digits"],
    ["+919876543210", "12 digits"],
    ["09876543210", "11 digits with a trunk 0"],
    ["", "no digits"],
    ["mobile-no!", "no digits"],
  ])("refuses %j (%s)", (mobile) => {
    expect(signup({ mobile })).toBe(MOBILE);
    expect(isIndianMobile(mobile)).toBe(false);
  });
});

describe("rule 5: the password passes the strength check", () => {
  it.each([
    ["Ab1!x", "fewer than 6 characters"],
    ["password", "a common password"],
    ["xadmin12", "8 characters containing a common password"],
    ["aaaaaaa", "one character repeated"],
  ])("refuses %j (%s)", (password) => {
    expect(signup({ password, confirmPassword: password })).toBe(PASSWORD);
  });

  it.each(["abcdef", "xpassword1"])("accepts the weak but valid password %j", (password) => {
    expect(signup({ password, confirmPassword: password })).toBeNull();
  });
});

describe("rule 6: confirmation equals password", () => {
  it.each(["", "Campus#2025", "campus#2024", "Campus#2024 "])(
    "refuses confirmation %j",
    (confirmPassword) => {
      expect(signup({ confirmPassword })).toBe(CONFIRM);
    },
  );
});

describe("rule 7: terms ticked", () => {
  it("refuses unticked terms and accepts ticked ones", () => {
    expect(signup({ acceptTerms: false })).toBe(TERMS);
    expect(signup({ acceptTerms: true })).toBeNull();
  });
});

describe("sanitising", () => {
  it.each(["<", ">", '"', "'", "&"])("stripUnsafe removes %j", (character) => {
    expect(stripUnsafe(`a${character}b${character}`)).toBe("ab");
  });

  it("stripUnsafe removes every unsafe character and keeps everything else, whitespace included", () => {
    expect(stripUnsafe(`<script>alert("x") & 'y'</script>`)).toBe("scriptalert(x)  y/script");
    expect(stripUnsafe("  a;b,c.d@e-f+g(h)/i#j%k  ")).toBe("  a;b,c.d@e-f+g(h)/i#j%k  ");
  });

  it.each([
    ["  Asha", "Asha"],
    ["Asha ", "Asha "],
    ["  Asha Rao ", "Asha Rao "],
    ["  <Asha> ", "Asha "],
    ["& Asha", "Asha"],
  ])("sanitiseWhileTyping(%j) -> %j: unsafe characters and leading whitespace only", (raw, expected) => {
    expect(sanitiseWhileTyping(raw)).toBe(expected);
  });

  it.each([
    ["  Asha Rao  ", "Asha Rao"],
    ["\t\nAsha\n", "Asha"],
    ["Asha  Rao", "Asha  Rao"],
    ["  <Asha> ", "Asha"],
    ["& Asha &", "Asha"],
    ['"O\'Brien"', "OBrien"],
    ["   ", ""],
  ])("sanitiseField(%j) -> %j: unsafe characters and surrounding whitespace", (raw, expected) => {
    expect(sanitiseField(raw)).toBe(expected);
  });
});

describe("normaliseEmail and mobileDigits", () => {
  it.each([
    ["  Asha.Rao@IITB.ac.in ", "asha.rao@iitb.ac.in"],
    ["asha@example.com", "asha@example.com"],
    ["ASHA@EXAMPLE.COM", "asha@example.com"],
  ])("normaliseEmail(%j) -> %j", (raw, expected) => {
    expect(normaliseEmail(raw)).toBe(expected);
  });

  it.each([
    ["98765 43210", "9876543210"],
    ["(987) 654-3210", "9876543210"],
    ["+91 98765-43210", "919876543210"],
    ["9876543210", "9876543210"],
    ["no digits", ""],
  ])("mobileDigits(%j) -> %j", (raw, expected) => {
    expect(mobileDigits(raw)).toBe(expected);
  });
});

describe("message catalogue (spec sections 5 and 8)", () => {
  it("words the signup messages as the spec does", () => {
    expect(SIGNUP_MESSAGES).toMatchObject({
      name: NAME,
      email: EMAIL,
      college: COLLEGE,
      mobile: MOBILE,
      password: PASSWORD,
      confirm: CONFIRM,
      terms: TERMS,
      thirdFailure: "Too many failed attempts. Account temporarily blocked for security.",
      success: "Account created! Please check your email for verification link.",
    });
    expect(SIGNUP_MESSAGES.blocked(15)).toBe(
      "Too many attempts. Please wait 15 minutes before trying again.",
    );
    expect(SIGNUP_MESSAGES.blockBanner(7)).toBe("Account temporarily blocked. Time remaining: 7 minutes");
  });

  it.each([
    [
      "email-already-in-use",
      "email_in_use",
      "An account with this email already exists. Please try logging in instead.",
    ],
    ["weak-password", "weak_password", "Password is too weak. Please choose a stronger password."],
    ["invalid-email", "invalid_email", "Please enter a valid email address."],
    [
      "operation-not-allowed",
      "operation_not_allowed",
      "Email/password accounts are not enabled. Please contact support.",
    ],
    [
      "network-request-failed",
      "network",
      "Network error. Please check your internet connection and try again.",
    ],
    ["too-many-requests", "rate_limited", "Too many requests. Please wait a moment before trying again."],
    ["user-disabled", "user_disabled", "This account has been disabled. Please contact support."],
    ["anything else", "unknown", "Registration failed. Please try again."],
  ])("signup %s (%s) reads %j", (_code, key, message) => {
    expect(SIGNUP_ERRORS[key]).toBe(message);
  });

  it.each([
    ["invalid-email", "invalid_email", "Please enter a valid email address."],
    ["user-disabled", "user_disabled", "This account has been disabled. Please contact support."],
    ["user-not-found", "user_not_found", "No account found with this email address."],
    ["wrong-password", "wrong_password", "Incorrect password. Please try again."],
    ["invalid-credential", "invalid_credential", "Invalid email or password. Please check your credentials."],
    ["too-many-requests", "rate_limited", "Too many failed attempts. Please try again later."],
    ["network-request-failed", "network", "Network error. Please check your internet connection."],
    ["weak-password", "weak_password", "Password is too weak. Please choose a stronger password."],
    ["anything else", "unknown", "Login failed. Please try again."],
  ])("login %s (%s) reads %j", (_code, key, message) => {
    expect(LOGIN_ERRORS[key]).toBe(message);
  });
});
