import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";

/** One answer of the fake API: a status and a JSON body (none for 204). */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

export type FakeApi = (path: string, init: RequestInit) => FakeAnswer | Promise<FakeAnswer>;

/**
 * Replaces fetch with `answer` for the test; every request is recorded with its parsed JSON body.
 * Unknown paths answer 404 so a forgotten request shows up as a visible failure, not a hang.
 */
export function fakeApi(answer: FakeApi) {
  const requests: { path: string; method: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = typeof input === "string" ? input : input.toString();
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    requests.push({ path, method: init.method ?? "GET", body });
    const { status = 200, body: answerBody } = await answer(path, init);
    return new Response(status === 204 ? null : JSON.stringify(answerBody ?? {}), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { requests };
}

/** An API error body as the server sends it. */
export function apiError(status: number, code: string, message: string): FakeAnswer {
  return { status, body: { error: { code, message } } };
}

function Elsewhere() {
  const { pathname, search } = useLocation();
  return (
    <>
      <p>Now at {pathname}</p>
      {search ? <p>With query {search}</p> : null}
    </>
  );
}

/** Where the screen opens: a path, or a path with the router's location state. */
type Entry = string | { pathname: string; search?: string; state?: unknown };

/**
 * Renders a screen at `path` inside a fresh query cache and a memory router; other paths render
 * their path (and query) as text, so a test can see where the screen sent the person.
 */
export function renderScreen(
  screen: ReactNode,
  { path = "/", at = path }: { path?: string; at?: Entry } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path, element: screen },
      { path: "*", Component: Elsewhere },
    ],
    { initialEntries: [at] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}
