import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MessageComposer } from "./message-composer";

describe("the message composer", () => {
  it("opens the offer row from Make Offer, sends a whole-rupee offer and closes the row", async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<MessageComposer canOffer counterpartName="Priya Shah" onSend={onSend} />);
    expect(screen.queryByLabelText("Offer price (₹)")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Make Offer" }));
    await user.type(screen.getByLabelText("Offer price (₹)"), "450");
    await user.click(screen.getByRole("button", { name: "Send Offer" }));
    // The form's checks load with its first use.
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ type: "offer", offerPrice: 450 }));
    expect(screen.queryByLabelText("Offer price (₹)")).toBeNull();
    expect(screen.getByRole("button", { name: "Make Offer" })).toHaveAttribute("aria-expanded", "false");
  });

  it("sends nothing for an offer that is not whole rupees of at least ₹1, and says why on the field", async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<MessageComposer canOffer counterpartName="Priya Shah" onSend={onSend} />);
    await user.click(screen.getByRole("button", { name: "Make Offer" }));
    const offer = screen.getByLabelText("Offer price (₹)");
    for (const value of ["0", "-5", "2.5", "1e3", "99999999999"]) {
      await user.clear(offer);
      await user.type(offer, value);
      await user.click(screen.getByRole("button", { name: "Send Offer" }));
      await waitFor(() => expect(offer).toHaveAttribute("aria-invalid", "true"));
    }
    await user.clear(offer);
    await user.click(screen.getByRole("button", { name: "Send Offer" }));
    expect(await screen.findByText("Please enter an offer of at least ₹1 in whole rupees.")).toBeVisible();
    expect(onSend).not.toHaveBeenCalled();
    expect(offer).toHaveAccessibleDescription("Please enter an offer of at least ₹1 in whole rupees.");
    expect(offer).toHaveFocus();

    await user.type(offer, "5");
    expect(screen.queryByText("Please enter an offer of at least ₹1 in whole rupees.")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Send Offer" }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ type: "offer", offerPrice: 5 }));
  });

  it("refuses a message with control characters in the shared rule's words", async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<MessageComposer canOffer={false} counterpartName="Priya Shah" onSend={onSend} />);
    const box = screen.getByRole("textbox", { name: "Type a message" });
    await user.type(box, "Hello\u202Eevil{Enter}");
    expect(onSend).not.toHaveBeenCalled();
    await waitFor(() => expect(box).toHaveAttribute("aria-invalid", "true"));
    expect(box).toHaveAccessibleDescription(/A message cannot contain/);
  });

  it("sends a message with Enter, ignores a blank one, and has no offer row in a recruitment chat", async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<MessageComposer canOffer={false} counterpartName="Priya Shah" onSend={onSend} />);
    expect(screen.queryByRole("button", { name: "Make Offer" })).toBeNull();
    const box = screen.getByRole("textbox", { name: "Type a message" });
    await user.type(box, "   {Enter}");
    expect(onSend).not.toHaveBeenCalled();
    await user.type(box, "Is it still available?{Enter}");
    await waitFor(() =>
      expect(onSend).toHaveBeenCalledWith({ type: "text", text: "   Is it still available?" }),
    );
    expect(box).toHaveValue("");
  });
});
