import type { Notification } from "@shared/api/chats";
import { onlineManager } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { NotificationsPage } from "./notifications-page";

afterEach(() => vi.unstubAllGlobals());

/** The server's side: the list, and the read marks as they arrive. */
function notificationsApi(list: Notification[]) {
  return fakeApi((path) => {
    if (path === "/api/notifications") return { body: { notifications: list } };
    if (path === "/api/notifications/counts") return { body: { unread: 0, unreadMessages: 0 } };
    const id = /^\/api\/notifications\/(.+)\/read$/.exec(path)?.[1];
    for (const item of list) if (path.endsWith("read-all") || item.id === id) item.read = true;
    return { status: 204 };
  });
}

function notification(overrides: Partial<Notification>): Notification {
  return {
    id: "n1",
    type: "message",
    text: "Arjun sent you a message",
    chatId: "chat-1",
    read: false,
    createdAt: "2026-11-20T10:00:00.000Z",
    itemId: null,
    recruitmentPostId: null,
    fromUserId: "u2",
    offerPrice: null,
    link: null,
    fromName: "Arjun Mehta",
    about: "Calculator",
    ...overrides,
  };
}

describe("the notifications page", () => {
  it("leads listing notices to Renew, the item, or the saved searches", async () => {
    const listing = { type: "listing" as const, chatId: null, fromUserId: null, fromName: null, about: null };
    notificationsApi([
      notification({
        ...listing,
        id: "a",
        text: "Your listing Desk Lamp expires in 3 days.",
        itemId: "item-1",
      }),
      notification({
        ...listing,
        id: "b",
        text: "Price dropped: Kettle is now ₹800 (was ₹950).",
        itemId: "item-2",
      }),
      notification({ ...listing, id: "c", text: '3 new items for "fx-991" at IIT Bombay' }),
    ]);
    renderScreen(<NotificationsPage />, { path: "/notifications" });

    expect(await screen.findByRole("link", { name: "Renew" })).toHaveAttribute("href", "/item/item-1");
    expect(screen.getByRole("link", { name: "View item" })).toHaveAttribute("href", "/item/item-2");
    expect(screen.getByRole("link", { name: "View" })).toHaveAttribute("href", "/saved-searches");
    expect(screen.queryByRole("link", { name: "Open chat" })).not.toBeInTheDocument();
  });

  it("leads an event reminder to its event's card and a team's request to its post's card", async () => {
    const own = { chatId: null, fromName: null, about: null };
    notificationsApi([
      notification({
        ...own,
        id: "e",
        type: "event_reminder",
        text: "HackDU starts tomorrow at 10:00 am at Main Auditorium.",
        link: "/events?event=event-1",
        fromUserId: null,
      }),
      notification({
        ...own,
        id: "t",
        type: "team_request",
        text: "Arjun Mehta asked to join your team for Smart India Hackathon.",
        recruitmentPostId: "post-1",
      }),
      notification({ ...own, id: "a", type: "admin", text: "Your post was removed.", fromUserId: null }),
    ]);
    renderScreen(<NotificationsPage />, { path: "/notifications" });

    expect(await screen.findByRole("link", { name: "View event" })).toHaveAttribute(
      "href",
      "/events?event=event-1",
    );
    expect(screen.getByRole("link", { name: "View team" })).toHaveAttribute("href", "/teammates?post=post-1");
    // The moderator's notice has nothing left to open.
    expect(screen.getAllByRole("link")).toHaveLength(2);
  });

  it("lists the newest first, marks one read at once, and opens its chat", async () => {
    const user = userEvent.setup();
    const list = [
      notification({
        id: "old",
        text: "Older offer",
        chatId: "chat-2",
        createdAt: "2026-11-19T10:00:00.000Z",
      }),
      notification({ id: "new", text: "Newer message", createdAt: "2026-11-20T10:00:00.000Z" }),
    ];
    const api = notificationsApi(list);
    renderScreen(<NotificationsPage />, { path: "/notifications" });

    const rows = within(await screen.findByRole("list", { name: "Notifications" })).getAllByRole("listitem");
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining("Newer message"),
      expect.stringContaining("Older offer"),
    ]);
    expect(within(rows[0] as HTMLElement).getByRole("link", { name: "Open chat" })).toHaveAttribute(
      "href",
      "/messages?chatId=chat-1",
    );

    await user.click(
      within(screen.getAllByRole("listitem")[0] as HTMLElement).getByRole("button", { name: "Read" }),
    );
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Read" })).toHaveLength(1));
    expect(api.requests).toContainEqual({
      path: "/api/notifications/new/read",
      method: "POST",
      body: undefined,
    });
  });

  it("shows a deal update as a row of its own, and the rating prompt 'Rate {name}' opens the chat's rating", async () => {
    const deal = {
      type: "deal" as const,
      chatId: "chat-1",
      fromName: "Kunal Shah",
      about: "Realme Buds Air 5",
    };
    notificationsApi([
      notification({
        ...deal,
        id: "rate",
        text: "Rate Kunal Shah",
        link: "/messages?chatId=chat-1&rate=1",
        createdAt: "2026-11-20T10:03:00.000Z",
      }),
      notification({
        ...deal,
        id: "accepted",
        text: "Kunal Shah accepted your offer of ₹1,500 for Realme Buds Air 5.",
        createdAt: "2026-11-20T10:02:00.000Z",
      }),
      notification({
        id: "a",
        text: "Kunal Shah: Hi",
        fromName: "Kunal Shah",
        createdAt: "2026-11-20T10:01:00.000Z",
      }),
      notification({
        id: "b",
        text: "Kunal Shah: Deal",
        fromName: "Kunal Shah",
        createdAt: "2026-11-20T10:00:00.000Z",
      }),
    ]);
    renderScreen(<NotificationsPage />, { path: "/notifications" });

    const rows = within(await screen.findByRole("list", { name: "Notifications" })).getAllByRole("listitem");
    expect(rows.map((row) => row.querySelector("p")?.textContent?.replace("Unread: ", ""))).toEqual([
      "Rate Kunal Shah",
      "Kunal Shah accepted your offer of ₹1,500 for Realme Buds Air 5.",
      "2 new messages from Kunal Shah about Calculator",
    ]);
    expect(within(rows[0] as HTMLElement).getByRole("link", { name: "Open chat" })).toHaveAttribute(
      "href",
      "/messages?chatId=chat-1&rate=1",
    );
    expect(within(rows[1] as HTMLElement).getByRole("link", { name: "Open chat" })).toHaveAttribute(
      "href",
      "/messages?chatId=chat-1",
    );
  });

  it("offers Mark all as read only while some are unread", async () => {
    const user = userEvent.setup();
    const api = notificationsApi([notification({ id: "a" }), notification({ id: "b", chatId: null })]);
    renderScreen(<NotificationsPage />, { path: "/notifications" });
    await user.click(await screen.findByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Read" })).toBeNull());
    expect(screen.queryByRole("button", { name: "Mark all as read" })).toBeNull();
    expect(api.requests).toContainEqual({
      path: "/api/notifications/read-all",
      method: "POST",
      body: undefined,
    });
  });

  it("offline, Read and Mark all as read say so beside them and change nothing", async () => {
    const user = userEvent.setup();
    const api = notificationsApi([notification({ id: "a" }), notification({ id: "b", chatId: null })]);
    renderScreen(<NotificationsPage />, { path: "/notifications" });
    await screen.findAllByRole("listitem");
    act(() => onlineManager.setOnline(false));
    try {
      const first = screen.getAllByRole("listitem")[0] as HTMLElement;
      await user.click(within(first).getByRole("button", { name: "Read" }));
      expect(within(first).getByRole("alert")).toHaveTextContent(
        "You're offline. Try again when you're back online.",
      );
      expect(within(first).getByText(/Unread:/)).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Mark all as read" }));
      expect(screen.getAllByRole("alert")).toHaveLength(2);
      expect(screen.getAllByRole("button", { name: "Read" })).toHaveLength(2);
      expect(api.requests.filter((request) => request.method === "POST")).toEqual([]);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    // Back online the refusals go, and Read works.
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    await user.click(
      within(screen.getAllByRole("listitem")[0] as HTMLElement).getByRole("button", { name: "Read" }),
    );
    await waitFor(() =>
      expect(api.requests).toContainEqual({
        path: "/api/notifications/a/read",
        method: "POST",
        body: undefined,
      }),
    );
  });

  it("groups a chat's notifications into one row that opens the chat and marks them all read", async () => {
    const user = userEvent.setup();
    const list = [
      notification({ id: "a", text: "Kunal Shah: Hi", createdAt: "2026-11-20T10:00:00.000Z" }),
      notification({ id: "b", text: "Kunal Shah: Still there?", createdAt: "2026-11-20T10:01:00.000Z" }),
      notification({
        id: "c",
        type: "offer",
        text: "Kunal Shah offered ₹1,500 for Realme Buds Air 5",
        createdAt: "2026-11-20T10:02:00.000Z",
      }),
      notification({
        id: "other",
        chatId: "chat-2",
        text: "Asha: Is the lamp sold?",
        createdAt: "2026-11-20T09:00:00.000Z",
      }),
    ].map((item) =>
      item.chatId === "chat-1" ? { ...item, fromName: "Kunal Shah", about: "Realme Buds Air 5" } : item,
    );
    const api = notificationsApi(list);
    renderScreen(<NotificationsPage />, { path: "/notifications" });

    const rows = within(await screen.findByRole("list", { name: "Notifications" })).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    const grouped = rows[0] as HTMLElement;
    expect(grouped).toHaveTextContent("3 new messages from Kunal Shah about Realme Buds Air 5");
    expect(rows[1]).toHaveTextContent("Asha: Is the lamp sold?");

    const open = within(grouped).getByRole("link", { name: "Open chat" });
    expect(open).toHaveAttribute("href", "/messages?chatId=chat-1");
    await user.click(open);
    for (const id of ["a", "b", "c"]) {
      expect(api.requests).toContainEqual({
        path: `/api/notifications/${id}/read`,
        method: "POST",
        body: undefined,
      });
    }
    expect(api.requests.some((request) => request.path === "/api/notifications/other/read")).toBe(false);
  });
});
