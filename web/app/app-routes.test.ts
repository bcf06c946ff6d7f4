import fs from "node:fs";
import { APP_ROUTE_PATTERNS, isAppRoute } from "@shared/app-routes";
import { describe, expect, it } from "vitest";
import { routerPaths } from "../../scripts/route-bundles";

const routerSource = fs.readFileSync(new URL("./router.tsx", import.meta.url), "utf8");

describe("the app's addresses, as the server knows them", () => {
  it("are exactly the routes web/app/router.tsx declares (besides its catch-all)", () => {
    const declared = routerPaths(routerSource).filter((path) => path !== "*");
    expect(declared.length).toBeGreaterThan(10);
    expect([...APP_ROUTE_PATTERNS].sort()).toEqual([...declared].sort());
  });

  it("match a path as the router does: one segment per parameter, any case, a trailing slash", () => {
    expect(isAppRoute("/")).toBe(true);
    expect(isAppRoute("/item/0f9c")).toBe(true);
    expect(isAppRoute("/profile/")).toBe(true);
    expect(isAppRoute("/Buy")).toBe(true);
    expect(isAppRoute("/item")).toBe(false);
    expect(isAppRoute("/item/1/2")).toBe(false);
    expect(isAppRoute("/favourite")).toBe(false);
    expect(isAppRoute("/api/items")).toBe(false);
  });
});
