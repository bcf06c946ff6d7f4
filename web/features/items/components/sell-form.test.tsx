import type { User } from "@shared/api/auth";
import type { Item } from "@shared/api/items";
import { LISTING_TEXTS } from "@shared/listing-texts";
import { SELL_MESSAGES } from "@shared/validation/sell";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { buildItemResponse } from "../../../../tests/factories/item-responses";
import { meQueryOptions } from "../../../lib/session";
import { uploadImage } from "../api/upload-image";
import { SellForm } from "./sell-form";

// The upload itself (XMLHttpRequest with progress) is the e2e tests' part; here it never ends.
vi.mock("../api/upload-image", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../api/upload-image")>()),
  uploadImage: vi.fn(() => ({ promise: new Promise(() => {}), abort: vi.fn() })),
}));

const seller = { id: "seller-1", name: "Asha Rao", mobile: "9876543210", role: "student" } as User;

const item = buildItemResponse({ sellerId: seller.id });

let fetchMock: ReturnType<typeof vi.fn>;

function renderForm(
  editing: Item | null,
  answer: () => Response = () => new Response(null, { status: 500 }),
) {
  fetchMock = vi.fn(async () => answer());
  vi.stubGlobal("fetch", fetchMock);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryOptions.queryKey, { user: seller });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={["/sell"]}>
        <Routes>
          <Route path="/sell" element={<SellForm item={editing} />} />
          <Route path="/item/:itemId" element={<h1>Item page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  HTMLElement.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

it("shows the server's messages under the fields and focuses the first one, sending nothing", async () => {
  const user = userEvent.setup();
  renderForm(null);
  await user.type(screen.getByRole("textbox", { name: "Price (₹)" }), "12.50");
  await user.click(screen.getByRole("button", { name: "Post Item for Sale" }));

  await screen.findByText(SELL_MESSAGES.productNameRequired);
  const name = screen.getByRole("textbox", { name: "Product Name" });
  await vi.waitFor(() => expect(name).toHaveFocus());
  expect(name).toHaveAttribute("aria-invalid", "true");
  expect(name).toHaveAccessibleDescription(SELL_MESSAGES.productNameRequired);
  expect(screen.getByRole("textbox", { name: "Product Type" })).toHaveAccessibleDescription(
    SELL_MESSAGES.typeRequired,
  );
  expect(screen.getByRole("textbox", { name: "Price (₹)" })).toHaveAccessibleDescription(
    expect.stringContaining(SELL_MESSAGES.priceInvalid),
  );
  // The image is asked for only once the fields are right.
  expect(screen.queryByText(SELL_MESSAGES.imageRequired)).not.toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

it("asks for an image once the fields are right, and forgets the message when the student edits", async () => {
  const user = userEvent.setup();
  renderForm(null);
  await user.type(screen.getByRole("textbox", { name: "Product Name" }), "Desk Lamp");
  await user.type(screen.getByRole("textbox", { name: "Product Type" }), "Lamp");
  await user.type(screen.getByRole("textbox", { name: "Price (₹)" }), "450");
  await user.click(screen.getByRole("button", { name: "Post Item for Sale" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(SELL_MESSAGES.imageRequired);
  expect(fetchMock).not.toHaveBeenCalled();
  await user.type(screen.getByRole("textbox", { name: "Description" }), "Warm light");
  expect(screen.queryByText(SELL_MESSAGES.imageRequired)).not.toBeInTheDocument();
});

it("saves an edit with the item's picture and the price in whole rupees, then shows the item", async () => {
  const user = userEvent.setup();
  renderForm(item, () => new Response(JSON.stringify({ item: { ...item, price: 400 } }), { status: 200 }));
  const price = screen.getByRole("textbox", { name: "Price (₹)" });
  await user.clear(price);
  await user.type(price, "400");
  await user.click(screen.getByRole("radio", { name: "Like New" }));
  await user.click(screen.getByRole("button", { name: "Save Changes" }));

  await screen.findByRole("heading", { name: "Item page" });
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(`${init.method} ${url}`).toBe("PATCH /api/items/item-1");
  expect(JSON.parse(String(init.body))).toEqual({
    productName: "Desk Lamp",
    type: "Lamp",
    price: 400,
    category: "other",
    condition: "like new",
    description: "",
    showMobileNumber: false,
    isNegotiable: true,
    productImage: item.productImage,
    images: [item.productImage],
  });
});

it("says why the server refused the save", async () => {
  const user = userEvent.setup();
  renderForm(
    item,
    () =>
      new Response(JSON.stringify({ error: { code: "forbidden", message: "Forbidden" } }), { status: 403 }),
  );
  await user.click(screen.getByRole("button", { name: "Save Changes" }));

  expect(await screen.findByRole("alert")).toHaveTextContent(SELL_MESSAGES.notYourItem);
});

const refusal = (status: number, code: string, message: string) => () =>
  new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { "content-type": "application/json" },
  });

it("shows a refused post's reason (the active-listings cap) above the button, focused and scrolled to", async () => {
  const user = userEvent.setup();
  const url = "/api/files/images/1700000000000_front.jpg";
  vi.mocked(uploadImage).mockReturnValueOnce({
    promise: Promise.resolve({ url, width: 800, height: 600, bytes: 4096 }),
    abort: vi.fn(),
  });
  renderForm(null, refusal(409, "conflict", LISTING_TEXTS.activeCap));
  await user.upload(screen.getByLabelText("Photos", { selector: "input" }), [
    new File(["jpeg"], "front.jpg", { type: "image/jpeg" }),
  ]);
  await user.type(screen.getByRole("textbox", { name: "Product Name" }), "Desk Lamp");
  await user.type(screen.getByRole("textbox", { name: "Product Type" }), "Lamp");
  await user.type(screen.getByRole("textbox", { name: "Price (₹)" }), "450");
  const submit = screen.getByRole("button", { name: "Post Item for Sale" });
  await vi.waitFor(() => expect(submit).toBeEnabled());
  await user.click(submit);

  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent(LISTING_TEXTS.activeCap);
  const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(`${init.method} ${path}`).toBe("POST /api/items");
  expect(alert.nextElementSibling).toBe(screen.getByRole("button", { name: "Post Item for Sale" }));
  await vi.waitFor(() => expect(alert).toHaveFocus());
  expect(vi.mocked(HTMLElement.prototype.scrollIntoView).mock.contexts).toContain(alert);
});

it("shows a refused edit's reason in the server's words, and the generic words for a server failure", async () => {
  const user = userEvent.setup();
  let answer = refusal(409, "conflict", "A sold item can no longer be edited.");
  renderForm(item, () => answer());
  await user.click(screen.getByRole("button", { name: "Save Changes" }));
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("A sold item can no longer be edited.");
  await vi.waitFor(() => expect(alert).toHaveFocus());

  answer = refusal(500, "internal", "Internal error");
  await user.click(screen.getByRole("button", { name: "Save Changes" }));
  await vi.waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(SELL_MESSAGES.submitFailed));
});

it("drops 'Please upload an image' once photos are chosen; each has its progress, the first is the cover, and they reorder", async () => {
  const user = userEvent.setup();
  renderForm(null);
  await user.type(screen.getByRole("textbox", { name: "Product Name" }), "Desk Lamp");
  await user.type(screen.getByRole("textbox", { name: "Product Type" }), "Lamp");
  await user.type(screen.getByRole("textbox", { name: "Price (₹)" }), "450");
  await user.click(screen.getByRole("button", { name: "Post Item for Sale" }));
  expect(await screen.findByRole("alert")).toHaveTextContent(SELL_MESSAGES.imageRequired);

  // The picker is the file input itself, named by the field's label, taking several files at once.
  const picker = screen.getByLabelText("Photos", { selector: "input" });
  expect(picker).toHaveAttribute("type", "file");
  expect(picker).toHaveAttribute("multiple");
  expect(picker).toHaveClass("sr-only");
  const files = ["front.jpg", "back.jpg", "charger.jpg"].map(
    (name) => new File(["jpeg"], name, { type: "image/jpeg" }),
  );
  await user.upload(picker, files);

  expect(screen.queryByText(SELL_MESSAGES.imageRequired)).not.toBeInTheDocument();
  expect(screen.getAllByRole("progressbar")).toHaveLength(3);
  expect(screen.getByText("Cover")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Move left: photo 1" })).toBeDisabled();
  expect(screen.getByRole("button", { name: "Move right: photo 3" })).toBeDisabled();
  const second = screen.getByRole("img", { name: "2 of 3" });
  await user.click(screen.getByRole("button", { name: "Move left: photo 2" }));
  expect(screen.getByRole("img", { name: "1 of 3, the cover" })).toHaveAttribute(
    "src",
    second.getAttribute("src"),
  );
  await user.click(screen.getByRole("button", { name: "Remove photo 3" }));
  expect(screen.getAllByRole("progressbar")).toHaveLength(2);
});

it("reorders photos by dragging: a mouse drags a tile, a finger drags its grip; the buttons stay", async () => {
  const user = userEvent.setup();
  renderForm(null);
  const files = ["front.jpg", "back.jpg", "charger.jpg"].map(
    (name) => new File(["jpeg"], name, { type: "image/jpeg" }),
  );
  await user.upload(screen.getByLabelText("Photos", { selector: "input" }), files);
  const order = () => screen.getAllByRole("img", { name: / of 3/ }).map((img) => img.getAttribute("src"));
  const tile = (index: number) => screen.getAllByTestId("photo-tile")[index] as HTMLElement;
  const grip = (index: number) => screen.getAllByTestId("photo-grip")[index] as HTMLElement;
  const [front, back, charger] = order();
  expect(new Set([front, back, charger]).size).toBe(3);

  // A mouse drops the third tile on the first: it becomes the cover, and that is announced.
  fireEvent.dragStart(tile(2));
  fireEvent.dragOver(tile(0));
  fireEvent.drop(tile(0));
  expect(order()).toEqual([charger, front, back]);
  expect(screen.getByRole("img", { name: "1 of 3, the cover" })).toHaveAttribute("src", charger);
  expect(screen.getByText("Photo moved to position 1 of 3. It is the cover.")).toBeInTheDocument();

  // A finger drags the cover's grip over the last tile and lets go there.
  const elementFromPoint = document.elementFromPoint;
  document.elementFromPoint = (x: number) => (x > 200 ? tile(2).querySelector("img") : tile(0));
  try {
    const touch = { pointerType: "touch", pointerId: 7, clientY: 40 };
    fireEvent.pointerDown(grip(0), { ...touch, clientX: 20 });
    fireEvent.pointerMove(grip(0), { ...touch, clientX: 300 });
    expect(tile(2)).toHaveClass("ring-2");
    fireEvent.pointerUp(grip(0), { ...touch, clientX: 300 });
    expect(order()).toEqual([front, back, charger]);
    expect(screen.getByText("Photo moved to position 3 of 3.")).toBeInTheDocument();

    // A mouse on the grip is the tile's drag and drop, not a pointer drag; a cancelled touch moves nothing.
    const mouse = { pointerType: "mouse", pointerId: 1, clientY: 40 };
    fireEvent.pointerDown(grip(0), { ...mouse, clientX: 20 });
    fireEvent.pointerUp(grip(0), { ...mouse, clientX: 300 });
    fireEvent.pointerDown(grip(0), { ...touch, clientX: 20 });
    fireEvent.pointerCancel(grip(0), { ...touch, clientX: 300 });
    fireEvent.pointerUp(grip(0), { ...touch, clientX: 300 });
    expect(order()).toEqual([front, back, charger]);
  } finally {
    document.elementFromPoint = elementFromPoint;
  }

  // The buttons still move a photo for a keyboard.
  screen.getByRole("button", { name: "Move right: photo 1" }).focus();
  await user.keyboard("{Enter}");
  expect(order()).toEqual([back, front, charger]);
});
