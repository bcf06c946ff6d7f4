import { keepPreviousData, onlineManager, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../lib/query-client";
import { OFFLINE_TEXTS, OfflineAware } from "./offline-state";

const onLine = vi.spyOn(navigator, "onLine", "get");

/** The browser's connection as navigator.onLine and the window's online/offline events report it. */
function setConnection(isOnline: boolean) {
  onLine.mockReturnValue(isOnline);
  act(() => {
    window.dispatchEvent(new Event(isOnline ? "online" : "offline"));
  });
}

afterEach(() => {
  onLine.mockReturnValue(true);
  onlineManager.setOnline(true);
});

/** A paged list as the app's lists are: a page at a time, the last page kept while the next loads. */
function PagedList({ load }: { load: (page: number) => Promise<string[]> }) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ["things", page],
    queryFn: () => load(page),
    placeholderData: keepPreviousData,
    retry: false,
  });
  return (
    <>
      <button type="button" onClick={() => setPage((current) => current + 1)}>
        Next
      </button>
      <OfflineAware query={query}>
        {query.isError ? (
          <p role="alert">Could not load the things.</p>
        ) : query.data ? (
          <ul aria-label="Things">
            {query.data.map((thing) => (
              <li key={thing}>{thing}</li>
            ))}
          </ul>
        ) : (
          <p role="status">Loading...</p>
        )}
      </OfflineAware>
    </>
  );
}

function renderList(load: (page: number) => Promise<string[]>) {
  // The app's own client: it starts offline when the page opens without a connection.
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <PagedList load={load} />
    </QueryClientProvider>,
  );
}

describe("a list offline", () => {
  it("says 'You're offline' instead of a spinner when opened offline, and loads by itself once back", async () => {
    onLine.mockReturnValue(false);
    const load = vi.fn(async (page: number) => [`Thing ${page}`]);
    renderList(load);

    expect(await screen.findByText(OFFLINE_TEXTS.title)).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_TEXTS.empty)).toBeInTheDocument();
    expect(screen.queryByText("Loading...")).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();

    setConnection(true);
    expect(await screen.findByRole("listitem")).toHaveTextContent("Thing 1");
    expect(screen.queryByText(OFFLINE_TEXTS.title)).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("keeps the page on screen and says it is offline when the next page cannot load, then shows it", async () => {
    const load = vi.fn(async (page: number) => [`Thing ${page}`]);
    renderList(load);
    expect(await screen.findByRole("listitem")).toHaveTextContent("Thing 1");

    setConnection(false);
    act(() => screen.getByRole("button", { name: "Next" }).click());
    expect(await screen.findByText(OFFLINE_TEXTS.stale)).toBeInTheDocument();
    expect(screen.getByRole("listitem")).toHaveTextContent("Thing 1");
    expect(load).toHaveBeenCalledTimes(1);

    setConnection(true);
    expect(await screen.findByText("Thing 2")).toBeInTheDocument();
    expect(screen.queryByText(OFFLINE_TEXTS.stale)).not.toBeInTheDocument();
  });

  it("over a list loaded before, says offline when it was loaded, and the line goes once back", async () => {
    const load = vi.fn(async (page: number) => [`Thing ${page}`]);
    renderList(load);
    expect(await screen.findByRole("listitem")).toHaveTextContent("Thing 1");
    expect(screen.queryByText(/^Offline\. Showing what you saw at/)).not.toBeInTheDocument();

    setConnection(false);
    expect(
      await screen.findByText(/^Offline\. Showing what you saw at \d{1,2}:\d{2} [ap]m\.$/),
    ).toBeInTheDocument();
    expect(screen.getByRole("listitem")).toHaveTextContent("Thing 1");

    setConnection(true);
    await vi.waitFor(() =>
      expect(screen.queryByText(/^Offline\. Showing what you saw at/)).not.toBeInTheDocument(),
    );
  });

  it("shows a failure while offline as being offline, and tries again once back", async () => {
    let isReachable = false;
    const load = vi.fn(async (page: number) => {
      if (!isReachable) throw new TypeError("Failed to fetch");
      return [`Thing ${page}`];
    });
    // The browser still says online (a dead Wi-Fi): the request fails, then the app's own check
    // finds the server unreachable and says 'offline'.
    renderList(load);
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load the things.");
    setConnection(false);
    expect(await screen.findByText(OFFLINE_TEXTS.title)).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    isReachable = true;
    setConnection(true);
    expect(await screen.findByRole("listitem")).toHaveTextContent("Thing 1");
  });
});
