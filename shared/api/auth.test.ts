import { describe, expect, it } from "vitest";
import { validateSignup } from "../validation/signup";
import { LoginBodySchema, ResetPasswordBodySchema, type SignupBody, SignupBodySchema } from "./auth";

// The server runs the spec's signup rules (section 5) through SignupBodySchema and answers with the
// first issue's message; login needs both fields and an email-shaped address (sections 5 and 8).

const NAME = "Name must be at least 2 characters";
const EMAIL = "Please enter a valid email address";
const COLLEGE = "Please select your city and college";
const MOBILE = "Please enter a valid Indian mobile number";
const PASSWORD = "Password does not meet security requirements";
const TERMS = "Please accept the Privacy Policy and Terms of Use to continue";

const body: SignupBody = {
  name: "Asha Rao",
  email: "asha.rao@iitb.ac.in",
  city: "Mumbai",
  college: "IIT Bombay",
  mobile: "98765 43210",
  password: "Campus#2024",
  acceptTerms: true,
};

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe("SignupBodySchema", () => {
  it("accepts a body that passes every rule", () => {
    const result = SignupBodySchema.safeParse(body);
    expect(result.success).toBe(true);
    expect(result.data).toEqual(body);
  });

  it.each<[string, string, Partial<SignupBody>]>([
    ["a name of 1 character", NAME, { name: " A " }],
    ["an email with a space", EMAIL, { email: "asha rao@iitb.ac.in" }],
    ["an email without a dot in the domain", EMAIL, { email: "asha@iitb" }],
    ["an email of 255 characters", EMAIL, { email: `${"a".repeat(243)}@example.com` }],
    ["no college", COLLEGE, { college: "" }],
    ["no city", COLLEGE, { city: " " }],
    ["a mobile starting with 5", MOBILE, { mobile: "58765 43210" }],
    ["a mobile with +91 (12 digits)", MOBILE, { mobile: "+91 98765 43210" }],
    ["a short password", PASSWORD, { password: "Ab1!x" }],
    ["a common password", PASSWORD, { password: "password" }],
    ["a repeated character", PASSWORD, { password: "zzzzzzzz" }],
    ["unticked terms", TERMS, { acceptTerms: false }],
  ])("refuses %s with the same single message as validateSignup: %j", (_case, message, change) => {
    const input = { ...body, ...change };
    const result = SignupBodySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(messages(result)).toEqual([message]);
    expect(validateSignup({ ...input, confirmPassword: input.password })).toBe(message);
  });

  it.each<[string, string, Partial<SignupBody>]>([
    ["rules 2 and 4", EMAIL, { email: "asha@iitb", mobile: "12345" }],
    ["rules 1 and 7", NAME, { name: "A", acceptTerms: false }],
    ["rules 3, 4 and 5", COLLEGE, { city: "", mobile: "", password: "123456" }],
    ["rules 5 and 7", PASSWORD, { password: "qwerty", acceptTerms: false }],
  ])("a body failing %s gets only the first rule's message, %j", (_rules, message, change) => {
    expect(messages(SignupBodySchema.safeParse({ ...body, ...change }))).toEqual([message]);
  });

  it("accepts a 254-character email", () => {
    const email = `${"a".repeat(242)}@example.com`;
    expect(email).toHaveLength(254);
    expect(SignupBodySchema.safeParse({ ...body, email }).success).toBe(true);
  });

  // An over-long address gets rule 2's message, and an earlier rule's message still comes first.
  it("refuses an email of 300 characters with rule 2's message as the first issue", () => {
    const email = `${"a".repeat(288)}@example.com`;
    expect(messages(SignupBodySchema.safeParse({ ...body, email }))[0]).toBe(EMAIL);
  });

  it("still gives rule 1's message first when the name is too short and the email is 300 characters", () => {
    const email = `${"a".repeat(288)}@example.com`;
    expect(messages(SignupBodySchema.safeParse({ ...body, name: "A", email }))[0]).toBe(NAME);
  });
});

describe("LoginBodySchema", () => {
  it.each([
    { email: "asha@example.com", password: "x" },
    { email: "  Asha@Example.COM ", password: "Campus#2024" },
  ])("accepts %j", (login) => {
    expect(LoginBodySchema.safeParse(login).success).toBe(true);
  });

  it.each(["", "asha", "asha@example", "asha rao@example.com", "asha@@example.com"])(
    "refuses the non-email %j with 'Please enter a valid email address.'",
    (email) => {
      const result = LoginBodySchema.safeParse({ email, password: "Campus#2024" });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ["email"], message: "Please enter a valid email address." }),
      ]);
    },
  );

  it("refuses an empty password", () => {
    const result = LoginBodySchema.safeParse({ email: "asha@example.com", password: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ["password"], message: "Password is required" }),
    ]);
  });

  it.each([{ password: "x" }, { email: "asha@example.com" }, {}])(
    "refuses the body %j with a field missing",
    (login) => {
      expect(LoginBodySchema.safeParse(login).success).toBe(false);
    },
  );

  it("does not judge password strength at login", () => {
    expect(LoginBodySchema.safeParse({ email: "asha@example.com", password: "123" }).success).toBe(true);
  });
});

describe("ResetPasswordBodySchema", () => {
  it("accepts a token and a strong enough password", () => {
    expect(ResetPasswordBodySchema.safeParse({ token: "t0k3n", password: "Campus#2024" }).success).toBe(true);
  });

  it.each(["Ab1!x", "password", "admin12", "aaaaaaa"])(
    "refuses the password %j with 'Password does not meet security requirements'",
    (password) => {
      const result = ResetPasswordBodySchema.safeParse({ token: "t0k3n", password });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ["password"], message: PASSWORD }),
      ]);
    },
  );

  it("refuses an empty token", () => {
    const result = ResetPasswordBodySchema.safeParse({ token: "", password: "Campus#2024" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["token"]]);
  });
});
