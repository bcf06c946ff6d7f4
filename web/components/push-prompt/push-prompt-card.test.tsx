import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderScreen } from "../../../tests/helpers/render-screen";
import { PushPromptCard } from "./push-prompt-card";
import { fakePushBrowser } from "./testing/fake-push-browser";

let removeFakes: (() => void) | undefined;
afterEach(() => {
  cleanup();
  removeFakes?.();
  removeFakes = undefined;
  vi.unstubAllGlobals();
});

/** The server: the card is due until answered. */
function server({ isDue = true } = {}) {
  let due = isDue;
  return fakeApi((path, init) => {
    if (path === "/api/me/push-prompt") {
      if (init.method === "POST") due = false;
      return { body: { isDue: due } };
    }
    if (path === "/api/push/key") return { body: { publicKey: "BPublicKey" } };
    if (path === "/api/push/subscription") return { status: 204 };
    return { status: 404 };
  });
}

describe("the card offering pushes", () => {
  it("offers pushes in the words of the intent; 'Not now' is saved and the card goes", async () => {
    removeFakes = fakePushBrowser().remove;
    const api = server();
    const onClose = vi.fn();
    renderScreen(<PushPromptCard intent={{ kind: "reply", name: "Riya Das" }} onClose={onClose} />);
    const card = await screen.findByRole("region", { name: "Get notified when Riya Das replies" });
    expect(card).toHaveTextContent("Get notified when Riya Das replies");
    await userEvent.click(screen.getByRole("button", { name: "Not now" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByRole("region")).toBeNull();
    expect(api.requests.filter((request) => request.method === "POST")).toEqual([
      { path: "/api/me/push-prompt", method: "POST", body: { answer: "not_now" } },
    ]);
  });

  it("'Turn on' asks the browser, subscribes this device and says so", async () => {
    const browser = fakePushBrowser();
    removeFakes = browser.remove;
    const api = server();
    renderScreen(<PushPromptCard intent={{ kind: "event" }} onClose={vi.fn()} />);
    await screen.findByRole("region", { name: "Get notified before the event" });
    await userEvent.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Push notifications are on for this device.");
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: "BPublicKey",
    });
    await waitFor(() =>
      expect(api.requests).toContainEqual({
        path: "/api/me/push-prompt",
        method: "POST",
        body: { answer: "turned_on" },
      }),
    );
  });

  it("says where the browser blocks notifications", async () => {
    removeFakes = fakePushBrowser({ permissionAnswer: "denied" }).remove;
    server();
    renderScreen(<PushPromptCard intent={{ kind: "team" }} onClose={vi.fn()} />);
    await screen.findByRole("region", { name: "Get notified when the recruiter answers" });
    await userEvent.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Notifications are blocked for Campus Bazaar in this browser's site settings.",
    );
  });

  it("shows nothing when the server says it is not due, or the browser cannot take pushes", async () => {
    removeFakes = fakePushBrowser().remove;
    server({ isDue: false });
    const onClose = vi.fn();
    renderScreen(<PushPromptCard intent={{ kind: "event" }} onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.queryByRole("region")).toBeNull();
    cleanup();
    removeFakes();
    vi.unstubAllGlobals();
    const api = server();
    const onCloseToo = vi.fn();
    renderScreen(<PushPromptCard intent={{ kind: "event" }} onClose={onCloseToo} />);
    await waitFor(() => expect(onCloseToo).toHaveBeenCalled());
    // It never even asked the server.
    expect(api.requests).toEqual([]);
  });
});
