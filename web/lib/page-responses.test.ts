import { describe, expect, it } from "vitest";
import { keepPageResponses, pageResponsesTime, takePageResponse } from "./page-responses";

describe("the page's written answers", () => {
  it("hands each answer over once, and says when they were made", () => {
    keepPageResponses({ "/api/chats": { chats: [] }, "/api/notifications/counts": { unread: 2 } }, 1234);
    expect(pageResponsesTime()).toBe(1234);
    expect(takePageResponse("/api/chats")).toEqual({ chats: [] });
    expect(takePageResponse("/api/chats")).toBeUndefined();
    expect(takePageResponse("/api/items?page=1")).toBeUndefined();
    expect(takePageResponse("/api/notifications/counts")).toEqual({ unread: 2 });
  });

  it("forgets the answers of an earlier page", () => {
    keepPageResponses({ "/api/chats": { chats: [] } }, 1);
    keepPageResponses(undefined, 2);
    expect(takePageResponse("/api/chats")).toBeUndefined();
  });
});
