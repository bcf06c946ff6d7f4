import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OFFER, openThread, PHOTO, SCAM, WARNING } from "../testing/chat-thread-fixtures";

// Photos in a chat thread: the preview before sending, and photos the scam guard holds back.
afterEach(() => vi.unstubAllGlobals());

describe("a chat thread", () => {
  it("previews a chosen photo with Send and Cancel; nothing is uploaded until Send", async () => {
    const api = openThread({ canSend: true, canOffer: true, canRate: false }, { messages: [OFFER] });
    await screen.findByRole("log");
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:photo", revokeObjectURL: () => {} }),
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    const photo = new File([new Uint8Array([1, 2, 3])], "lamp.jpg", { type: "image/jpeg" });
    await userEvent.upload(input as HTMLInputElement, photo);
    const preview = await screen.findByRole("group", { name: "Photo to send" });
    expect(within(preview).getByRole("img", { name: "Preview of lamp.jpg" })).toHaveAttribute(
      "src",
      "blob:photo",
    );
    expect(within(preview).getByRole("button", { name: "Send" })).toBeVisible();
    await userEvent.click(within(preview).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("group", { name: "Photo to send" })).toBeNull();
    expect(api.requests.filter((request) => request.path.includes("upload"))).toEqual([]);
    expect(screen.getByRole("button", { name: "Send Photo" })).toHaveFocus();
  });

  it("blurs a photo the scam guard could not check, says so, and shows it on a tap", async () => {
    const user = userEvent.setup();
    openThread(
      { canSend: true, canOffer: true, canRate: false },
      { messages: [{ ...PHOTO, photoCheck: "unchecked" }] },
    );
    const log = await screen.findByRole("log");
    const held = await within(log).findByRole("button", { name: /We could not check this photo\./ });
    expect(held).toHaveTextContent("Tap to show");
    const blurred = held.querySelector("img");
    expect(blurred).toHaveClass("blur-xl");
    expect(blurred).toHaveAttribute("alt", "");
    expect(within(log).queryByRole("img", { name: "Photo, open full size" })).toBeNull();
    // Unchecked is not a scam: no warning under it.
    expect(within(log).queryByRole("note", { name: "Scam warning" })).toBeNull();

    await user.click(held);
    const photo = within(log).getByRole("img", { name: "Photo, open full size" });
    expect(photo).not.toHaveClass("blur-xl");
    expect(within(log).queryByText("We could not check this photo.")).toBeNull();
  });

  it("blurs a photo with a QR code under its warning, and never my own photo", async () => {
    openThread(
      { canSend: true, canOffer: true, canRate: false },
      {
        messages: [
          { ...PHOTO, photoCheck: "flagged", scamWarning: true, scamFlag: SCAM.scamFlag },
          { ...PHOTO, id: "m5", clientId: "client-5", senderId: "me", photoCheck: "unchecked" },
        ],
      },
    );
    const log = await screen.findByRole("log");
    expect(await within(log).findByRole("button", { name: /This photo shows a QR code\./ })).toBeVisible();
    expect(within(log).getByRole("note", { name: "Scam warning" })).toHaveTextContent(WARNING);
    // My own copy is never held back (the server sends none, and the bubble does not trust one).
    expect(within(log).getAllByRole("img", { name: "Photo, open full size" })).toHaveLength(1);
    expect(within(log).queryByText("We could not check this photo.")).toBeNull();
  });
});
