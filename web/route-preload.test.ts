import { describe, expect, it } from "vitest";
import { matchesPath } from "./route-preload";

describe("matchesPath", () => {
  it("matches a route's path with its parameters filled in", () => {
    expect(matchesPath("/item/:itemId", "/item/3f2a")).toBe(true);
    expect(matchesPath("/profile/:userId", "/profile/3f2a/")).toBe(true);
    expect(matchesPath("/buy", "/buy")).toBe(true);
  });

  it("tells routes of different shapes apart", () => {
    expect(matchesPath("/profile", "/profile/3f2a")).toBe(false);
    expect(matchesPath("/profile/:userId", "/profile")).toBe(false);
    expect(matchesPath("/item/:itemId", "/item/")).toBe(false);
    expect(matchesPath("/buy", "/sell")).toBe(false);
  });

  it("matches the landing page only at /", () => {
    expect(matchesPath("/", "/")).toBe(true);
    expect(matchesPath("/", "/login")).toBe(false);
  });
});
