import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { appRouteMatches } from "./route-matches";

const routes: RouteObject[] = [
  {
    id: "root",
    children: [
      { path: "/", id: "landing" },
      {
        id: "layout",
        children: [
          { path: "/buy", id: "buy" },
          { path: "/item/:itemId", id: "item" },
        ],
      },
      { path: "*", id: "not-found" },
    ],
  },
];

const ids = (pathname: string) => appRouteMatches(routes, pathname).map((match) => match.route.id);

describe("the routes an address matches", () => {
  it("are React Router's own matches, layouts first, with the address's parameters", () => {
    for (const pathname of ["/", "/buy", "/item/42", "/no-such-page"]) {
      expect(appRouteMatches(routes, pathname)).toEqual(matchRoutes(routes, pathname));
    }
    expect(ids("/item/42")).toEqual(["root", "layout", "item"]);
    expect(appRouteMatches(routes, "/item/42").at(-1)?.params).toEqual({ itemId: "42" });
    expect(ids("/no-such-page")).toEqual(["root", "not-found"]);
  });

  it("are worked out once for the same address and again for the next", () => {
    const first = appRouteMatches(routes, "/buy");
    expect(appRouteMatches(routes, "/buy")).toBe(first);
    expect(ids("/item/7")).toEqual(["root", "layout", "item"]);
    expect(appRouteMatches(routes, "/buy")).not.toBe(first);
    expect(appRouteMatches(routes, "/buy")).toEqual(first);
  });
});
