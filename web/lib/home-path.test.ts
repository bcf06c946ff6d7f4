import { describe, expect, it } from "vitest";
import { afterSignInPath, homePathFor, signInReturnState } from "./home-path";

const from = (pathname: string, search = "", hash = "") => signInReturnState({ pathname, search, hash });

describe("where sign-in leads", () => {
  it("goes home without a page to return to: /dashboard for a student, /admin for the administrator", () => {
    expect(afterSignInPath(null, false)).toBe("/dashboard");
    expect(afterSignInPath(undefined, true)).toBe("/admin");
    expect(afterSignInPath({ something: "else" }, false)).toBe("/dashboard");
    expect(homePathFor(false)).toBe("/dashboard");
  });

  it("returns a student to the protected page they asked for, with its query string and fragment", () => {
    expect(afterSignInPath(from("/item/3f0c"), false)).toBe("/item/3f0c");
    expect(afterSignInPath(from("/buy", "?category=books&sort=price-asc"), false)).toBe(
      "/buy?category=books&sort=price-asc",
    );
    expect(afterSignInPath(from("/messages", "?chatId=7", "#latest"), false)).toBe(
      "/messages?chatId=7#latest",
    );
  });

  it("returns the administrator to an admin page only, and a student to a student page only", () => {
    expect(afterSignInPath(from("/admin", "?tab=tickets"), true)).toBe("/admin?tab=tickets");
    expect(afterSignInPath(from("/buy"), true)).toBe("/admin");
    expect(afterSignInPath(from("/admin"), false)).toBe("/dashboard");
  });

  it("never leaves the site, whatever the state holds", () => {
    for (const pathname of [
      "//evil.example/x",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "evil.example",
      "/\t/evil.example",
      " /buy",
    ]) {
      expect(afterSignInPath(from(pathname), false), pathname).toBe("/dashboard");
    }
    expect(afterSignInPath({ from: { pathname: 42 } }, false)).toBe("/dashboard");
    expect(afterSignInPath({ from: { pathname: "/buy", search: "?q=1", hash: {} } }, false)).toBe("/buy?q=1");
  });

  it("does not send a person back to the sign-in pages", () => {
    expect(afterSignInPath(from("/login"), false)).toBe("/dashboard");
    expect(afterSignInPath(from("/signup/"), false)).toBe("/dashboard");
  });
});
