import { describe, expect, it } from "vitest";
import { NotificationSchema } from "./api/live-payloads";
import { type NotificationTarget, type NotificationType, notificationLink } from "./notification-links";

const none = { chatId: null, itemId: null, recruitmentPostId: null, link: null };

/**
 * Each type's notifications as the server writes them, and the page each opens. A Record over the
 * whole union: a new type does not compile until it is given its cases here.
 */
const CASES: Record<NotificationType, [Omit<NotificationTarget, "type">, string | null][]> = {
  message: [[{ ...none, chatId: "chat-1" }, "/messages?chatId=chat-1"]],
  offer: [[{ ...none, chatId: "chat-1", itemId: "item-1" }, "/messages?chatId=chat-1"]],
  recruitment_message: [
    [{ ...none, chatId: "chat 2", recruitmentPostId: "post-1" }, "/messages?chatId=chat%202"],
  ],
  deal: [
    // An offer's answer, a reservation, a sale: in the chat.
    [{ ...none, chatId: "chat-1", itemId: "item-1" }, "/messages?chatId=chat-1"],
    // The rating prompt: the chat with its rating dialog.
    [
      { ...none, chatId: "chat-1", itemId: "item-1", link: "/messages?chatId=chat-1&rate=1" },
      "/messages?chatId=chat-1&rate=1",
    ],
    // A reservation lapsing, or its reminder to the seller: the item.
    [{ ...none, itemId: "item-1" }, "/item/item-1"],
  ],
  listing: [
    // An expiry warning or a price drop: the item.
    [{ ...none, itemId: "item-1" }, "/item/item-1"],
    // A saved search's new matches.
    [none, "/saved-searches"],
  ],
  team_request: [
    // A join request to the recruiter, an answer to the requester: the post's card.
    [{ ...none, recruitmentPostId: "post-1" }, "/teammates?post=post-1"],
  ],
  event_reminder: [
    [{ ...none, link: "/events?event=event-1" }, "/events?event=event-1"],
    [none, "/events"],
  ],
  // A moved or cancelled event: its card.
  event_update: [[{ ...none, link: "/events?event=event-1" }, "/events?event=event-1"]],
  // A moderator's notice: what it was about is gone; the list is its page.
  admin: [
    [none, null],
    [{ ...none, itemId: "item-1" }, null],
  ],
};

describe("where a notification leads", () => {
  it("has cases for every notification type there is", () => {
    expect(Object.keys(CASES).sort()).toEqual([...NotificationSchema.shape.type.options].sort());
  });

  for (const [type, cases] of Object.entries(CASES) as [
    NotificationType,
    (typeof CASES)[NotificationType],
  ][]) {
    it(`opens the right page for a ${type} notification`, () => {
      for (const [fields, page] of cases) expect(notificationLink({ type, ...fields })).toBe(page);
    });
  }
});
