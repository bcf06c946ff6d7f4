import { DEAL_MESSAGES } from "@shared/deals-constants";
import { SELL_MESSAGES } from "@shared/validation/sell";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { fakeApi, renderScreen } from "../../../tests/helpers/render-screen";
import { WhoBoughtDialog } from "./who-bought-dialog";

afterEach(() => vi.unstubAllGlobals());

const BUYERS = {
  buyers: [
    { id: "buyer-1", name: "Ira Banerjee", isReservedFor: true },
    { id: "buyer-2", name: "Dev Malhotra", isReservedFor: false },
  ],
};

it("is one dialog: the spec's question, 'Who bought it?' with the reserved buyer first, and Mark as Sold", async () => {
  const user = userEvent.setup();
  fakeApi((path) => (path === "/api/items/item-1/buyers" ? { body: BUYERS } : { status: 404 }));
  const onChoose = vi.fn();
  renderScreen(<WhoBoughtDialog itemId="item-1" onChoose={onChoose} onClose={() => {}} />);

  const dialog = screen.getByRole("dialog", { name: "Mark as Sold" });
  expect(screen.getAllByRole("dialog")).toHaveLength(1);
  expect(dialog).toHaveAccessibleDescription(SELL_MESSAGES.markSoldConfirm);
  const group = within(dialog).getByRole("group", { name: DEAL_MESSAGES.whoBought });
  expect(await within(group).findByRole("radio", { name: "Ira Banerjee" })).toBeChecked();
  expect(
    within(group)
      .getAllByRole("radio")
      .map((radio) => radio.getAttribute("value")),
  ).toEqual(["buyer-1", "buyer-2", ""]);

  await user.click(within(group).getByRole("radio", { name: "Dev Malhotra" }));
  await user.click(within(dialog).getByRole("button", { name: "Mark as Sold" }));
  expect(onChoose).toHaveBeenCalledWith("buyer-2");
});

it("'Someone else' sells it to nobody who chatted, and Cancel closes without choosing", async () => {
  const user = userEvent.setup();
  fakeApi(() => ({ body: BUYERS }));
  const onChoose = vi.fn();
  const onClose = vi.fn();
  renderScreen(<WhoBoughtDialog itemId="item-1" onChoose={onChoose} onClose={onClose} />);

  const dialog = screen.getByRole("dialog", { name: "Mark as Sold" });
  await within(dialog).findByRole("radio", { name: "Ira Banerjee" });
  await user.click(within(dialog).getByRole("radio", { name: DEAL_MESSAGES.someoneElse }));
  await user.click(within(dialog).getByRole("button", { name: "Mark as Sold" }));
  expect(onChoose).toHaveBeenCalledWith(null);

  await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
  expect(onClose).toHaveBeenCalled();
});
