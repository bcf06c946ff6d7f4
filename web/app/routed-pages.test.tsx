import { onlineManager } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { Link, MemoryRouter, type RouteObject } from "react-router";
import { afterEach, expect, it, vi } from "vitest";
import { PageOutlet } from "./layout/page-outlet";
import { onDemand } from "./on-demand";
import { RoutedPages } from "./router";

/** A page module whose download the test finishes (or fails) when it chooses. */
function pendingModule(name: string) {
  let finish: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const page = () => <h1>{name}</h1>;
  const loaded = new Promise<{ Page: ComponentType }>((resolve, reject) => {
    finish = () => resolve({ Page: page });
    fail = reject;
  });
  const load = vi.fn(() => loaded);
  return {
    route: onDemand(load, (m) => m.Page),
    load,
    // In act: React draws what the arrival lets it draw before the test looks.
    finish: () => act(async () => finish()),
    fail: (error: Error) => act(async () => fail(error)),
  };
}

function Layout() {
  return (
    <div>
      <nav aria-label="Bar">The layout's bar</nav>
      <PageOutlet routeId="layout" />
    </div>
  );
}

/** Follows a link in act, awaited: a page that suspends there is drawn as a browser draws it. */
async function follow(name: string) {
  await act(async () => screen.getByRole("link", { name }).click());
}

afterEach(() => {
  onlineManager.setOnline(true);
});

async function setUp() {
  const home = pendingModule("Home page");
  const orders = pendingModule("Orders page");
  const broken = pendingModule("Broken page");
  const routes: RouteObject[] = [
    {
      id: "root",
      element: <PageOutlet routeId="root" />,
      children: [
        {
          id: "layout",
          element: <Layout />,
          children: [
            { path: "/home", ...home.route },
            { path: "/orders", ...orders.route },
            { path: "/broken", ...broken.route },
          ],
        },
      ],
    },
  ];
  await act(async () => {
    render(
      <MemoryRouter initialEntries={["/home"]}>
        {/* Outside the pages, like the browser's own navigation. */}
        <Link to="/home">Go home</Link>
        <Link to="/orders">Go to orders</Link>
        <Link to="/broken">Go to broken</Link>
        <RoutedPages routes={routes} />
      </MemoryRouter>,
    );
  });
  return { home, orders, broken };
}

it("shows the loading notice inside the layout until the page's code arrives", async () => {
  const { home, orders } = await setUp();
  expect(screen.getByRole("status")).toHaveTextContent("Loading...");
  await home.finish();
  expect(await screen.findByRole("heading", { name: "Home page" })).toBeVisible();

  await follow("Go to orders");
  // The page being left is gone at once; the bar stays around the notice.
  expect(screen.queryByRole("heading", { name: "Home page" })).not.toBeInTheDocument();
  expect(screen.getByRole("navigation", { name: "Bar" })).toBeVisible();
  expect(screen.getByRole("status")).toHaveTextContent("Loading...");
  await orders.finish();
  expect(await screen.findByRole("heading", { name: "Orders page" })).toBeVisible();
  expect(orders.load).toHaveBeenCalledTimes(1);
});

it("draws a page whose code is already in without a loading notice", async () => {
  const { home, orders } = await setUp();
  await home.finish();
  await screen.findByRole("heading", { name: "Home page" });
  await orders.finish();
  await orders.route.handle.preload();

  await follow("Go to orders");
  expect(screen.getByRole("heading", { name: "Orders page" })).toBeVisible();
  expect(screen.queryByRole("status")).not.toBeInTheDocument();
});

it("shows the error page when a page's code fails to load, and the next address clears it", async () => {
  const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
  const { home, broken } = await setUp();
  await home.finish();
  await screen.findByRole("heading", { name: "Home page" });

  await follow("Go to broken");
  await broken.fail(new Error("Failed to fetch dynamically imported module"));
  // Online, the download is tried once more after a pause before the error page shows.
  expect(
    await screen.findByRole("heading", { name: "Something went wrong" }, { timeout: 4000 }),
  ).toBeVisible();
  expect(broken.load).toHaveBeenCalledTimes(2);
  expect(screen.getByRole("button", { name: "Reload page" })).toBeVisible();
  expect(consoleError).toHaveBeenCalled();

  await follow("Go home");
  expect(screen.getByRole("heading", { name: "Home page" })).toBeVisible();
  expect(screen.queryByRole("heading", { name: "Something went wrong" })).not.toBeInTheDocument();
});

function BrokenPageMended() {
  return <h1>Broken page</h1>;
}

it("offline, says the page loads once the connection is back, and draws it then", async () => {
  const { home, broken } = await setUp();
  await home.finish();
  await screen.findByRole("heading", { name: "Home page" });

  act(() => onlineManager.setOnline(false));
  await follow("Go to broken");
  await broken.fail(new TypeError("Failed to fetch dynamically imported module"));
  expect(screen.getByRole("status")).toHaveTextContent("This page loads as soon as you're back online.");
  expect(screen.getByRole("navigation", { name: "Bar" })).toBeVisible();

  broken.load.mockResolvedValueOnce({ Page: BrokenPageMended });
  await act(async () => onlineManager.setOnline(true));
  expect(await screen.findByRole("heading", { name: "Broken page" })).toBeVisible();
  expect(screen.queryByRole("heading", { name: "Something went wrong" })).not.toBeInTheDocument();
  expect(broken.load).toHaveBeenCalledTimes(2);
});
