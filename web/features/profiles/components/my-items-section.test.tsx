import type { Item } from "@shared/api/items";
import type { ProfileResponse } from "@shared/api/profiles";
import { SELL_MESSAGES } from "@shared/validation/sell";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, expect, it, vi } from "vitest";
import { buildItemResponse, SOLD_SELLER_ABILITIES } from "../../../../tests/factories/item-responses";
import { profileQueryOptions } from "../api/get-profile";
import { MyItemsSection } from "./my-items-section";

const SELLER_ID = "seller-1";
const buildItem = (overrides: Partial<Item> = {}) => buildItemResponse({ sellerId: SELLER_ID, ...overrides });

function buildProfile(items: Item[]): ProfileResponse {
  return {
    profile: {
      id: SELLER_ID,
      name: "Asha Rao",
      bio: "",
      email: "asha@example.edu",
      mobile: "",
      college: "IIT Bombay",
      collegePending: false,
      city: "Mumbai",
      profilePhoto: null,
      isVerified: true,
      isEmailConfirmed: true,
      counts: { items: items.length, followers: 0, following: 0 },
      abilities: { canEdit: true, canFollow: false, canReport: false, canBlock: false },
    },
    isFollowing: false,
    isOwn: true,
    isBlocked: false,
    items,
  };
}

/** The seller's grid as /profile shows it: read from the profile query the actions update. */
function MyItems() {
  const { data } = useQuery(profileQueryOptions(SELLER_ID));
  return data ? (
    <>
      <p>{`Items Posted: ${data.profile.counts.items}`}</p>
      <MyItemsSection items={data.items} />
    </>
  ) : null;
}

/** Answers as the server would; the profile answer follows what the seller has done. */
function serve(state: { items: Item[] }) {
  return vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (method === "POST" && url.endsWith("/sold")) {
      state.items = state.items.map((item) => ({
        ...item,
        isActive: false,
        isSold: true,
        abilities: SOLD_SELLER_ABILITIES,
      }));
      return json({ item: state.items[0] });
    }
    if (method === "DELETE") {
      state.items = [];
      return new Response(null, { status: 204 });
    }
    if (url === `/api/users/${SELLER_ID}`) return json(buildProfile(state.items));
    if (url === "/api/items/item-1/buyers")
      return json({ buyers: [{ id: "buyer-1", name: "Ira Banerjee", isReservedFor: true }] });
    return new Response(JSON.stringify({ error: { code: "not_found", message: "Not found" } }), {
      status: 404,
    });
  });
}

let fetchMock: ReturnType<typeof serve>;

function renderGrid(items: Item[]) {
  const state = { items };
  fetchMock = serve(state);
  vi.stubGlobal("fetch", fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(profileQueryOptions(SELLER_ID).queryKey, buildProfile(items));
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <MyItems />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const changes = () => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? "GET") !== "GET");

afterEach(() => {
  vi.unstubAllGlobals();
});

it("asks before marking an item sold, and Cancel changes nothing", async () => {
  const user = userEvent.setup();
  renderGrid([buildItem()]);
  await user.click(await screen.findByRole("button", { name: "Mark as Sold" }));

  const dialog = await screen.findByRole("dialog", { name: "Mark as Sold" });
  expect(dialog).toHaveAccessibleDescription(SELL_MESSAGES.markSoldConfirm);
  await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  expect(changes()).toEqual([]);
  expect(screen.getByRole("button", { name: "Mark as Sold" })).toHaveFocus();
});

it("marks the item sold once confirmed: the card then offers Delete only", async () => {
  const user = userEvent.setup();
  renderGrid([buildItem()]);
  await user.click(await screen.findByRole("button", { name: "Mark as Sold" }));
  // One dialog: the question and 'Who bought it?', the reserved buyer chosen first.
  const whoBought = await screen.findByRole("dialog", { name: "Mark as Sold" });
  expect(screen.getAllByRole("dialog")).toHaveLength(1);
  expect(within(whoBought).getByRole("group", { name: "Who bought it?" })).toBeInTheDocument();
  expect(await within(whoBought).findByRole("radio", { name: "Ira Banerjee" })).toBeChecked();
  expect(within(whoBought).getByRole("radio", { name: "Someone else" })).not.toBeChecked();
  await user.click(within(whoBought).getByRole("button", { name: "Mark as Sold" }));

  await screen.findByText("Sold");
  expect(screen.queryByRole("button", { name: "Mark as Sold" })).not.toBeInTheDocument();
  expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Delete" })).toBeEnabled();
  expect(changes().map(([url, init]) => `${init?.method} ${url} ${init?.body}`)).toEqual([
    'POST /api/items/item-1/sold {"buyerId":"buyer-1"}',
  ]);
});

it("deletes the item once confirmed: it leaves the grid and the count", async () => {
  const user = userEvent.setup();
  renderGrid([buildItem({ isActive: false, isSold: true, abilities: SOLD_SELLER_ABILITIES })]);
  expect(screen.queryByRole("button", { name: "Mark as Sold" })).not.toBeInTheDocument();
  await user.click(await screen.findByRole("button", { name: "Delete" }));

  const dialog = screen.getByRole("dialog");
  expect(dialog).toHaveAccessibleDescription(SELL_MESSAGES.deleteConfirm);
  await user.click(within(dialog).getByRole("button", { name: "Delete" }));

  await screen.findByText("No items posted yet");
  expect(screen.getByText("Items Posted: 0")).toBeInTheDocument();
  expect(changes().map(([url, init]) => `${init?.method} ${url}`)).toEqual(["DELETE /api/items/item-1"]);
});

it("says so when the server refuses, and keeps the item", async () => {
  const user = userEvent.setup();
  renderGrid([buildItem()]);
  fetchMock.mockImplementation(async () => new Response(null, { status: 503 }));
  await user.click(await screen.findByRole("button", { name: "Mark as Sold" }));
  // 'Who bought it?' could not load the people who chatted: 'Someone else' is still there.
  const whoBought = await screen.findByRole("dialog", { name: "Mark as Sold" });
  await within(whoBought).findByText(/Could not load who chatted with you/);
  expect(within(whoBought).getByRole("radio", { name: "Someone else" })).toBeChecked();
  await user.click(within(whoBought).getByRole("button", { name: "Mark as Sold" }));

  expect(await screen.findByText(SELL_MESSAGES.markSoldFailed)).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Mark as Sold" })).toBeEnabled();
});
