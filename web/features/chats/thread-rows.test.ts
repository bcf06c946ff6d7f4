import type { Message } from "@shared/api/chats";
import { describe, expect, it } from "vitest";
import type { ThreadEntry } from "./thread-messages";
import { buildThreadRows, dayLabel } from "./thread-rows";

// 10:00 in India on 20 Nov 2026.
const NOW = new Date("2026-11-20T04:30:00.000Z");

function entry(id: string, senderId: string, createdAt: string, type: Message["type"] = "text"): ThreadEntry {
  const message: Message = {
    id,
    chatId: "c1",
    senderId,
    clientId: `client-${id}`,
    type,
    text: id,
    offerPrice: null,
    photo: null,
    scamWarning: false,
    photoCheck: null,
    createdAt,
  };
  return { message, status: "sent" };
}

describe("dayLabel", () => {
  it("says Today, Yesterday, a day and month, or a full date in another year (campus calendar)", () => {
    expect(dayLabel("2026-11-20T00:10:00.000Z", NOW)).toBe("Today");
    // 23:50 in India on the 19th is still yesterday there, although the 19th in UTC too.
    expect(dayLabel("2026-11-19T18:20:00.000Z", NOW)).toBe("Yesterday");
    // 20:00 UTC on the 18th is 01:30 on the 19th in India.
    expect(dayLabel("2026-11-18T20:00:00.000Z", NOW)).toBe("Yesterday");
    expect(dayLabel("2026-11-12T09:00:00.000Z", NOW)).toBe("12 Nov");
    expect(dayLabel("2025-11-12T09:00:00.000Z", NOW)).toBe("12 Nov 2025");
  });
});

describe("buildThreadRows", () => {
  it("puts a separator before each day and groups consecutive messages from one person", () => {
    const rows = buildThreadRows(
      [
        entry("a", "them", "2026-11-19T05:00:00.000Z"),
        entry("b", "them", "2026-11-19T05:01:00.000Z"),
        entry("c", "me", "2026-11-19T05:02:00.000Z"),
        entry("d", "me", "2026-11-20T03:00:00.000Z"),
        entry("e", "me", "2026-11-20T03:01:00.000Z"),
      ],
      NOW,
    );
    expect(
      rows.map((row) =>
        row.kind === "day"
          ? row.label
          : `${row.entry.message.id}${row.isGroupStart ? "[" : ""}${row.isGroupEnd ? "]" : ""}`,
      ),
    ).toEqual(["Yesterday", "a[", "b]", "c[]", "Today", "d[", "e]"]);
  });

  it("groups plain messages only: an offer card, a deal line and a shared number stand alone and break a run", () => {
    const at = (minute: number) => `2026-11-20T03:${String(minute).padStart(2, "0")}:00.000Z`;
    const rows = buildThreadRows(
      [
        entry("a", "them", at(0)),
        entry("b", "them", at(1), "photo"),
        entry("offer1", "them", at(2), "offer"),
        entry("offer2", "them", at(3), "offer"),
        entry("c", "them", at(4)),
        entry("line", "them", at(5), "system"),
        entry("d", "them", at(6)),
        entry("e", "me", at(7)),
        entry("number", "me", at(8), "number"),
        entry("f", "me", at(9)),
        entry("g", "me", at(10)),
      ],
      NOW,
    );
    expect(
      rows.map((row) =>
        row.kind === "day"
          ? row.label
          : `${row.entry.message.id}${row.isGroupStart ? "[" : ""}${row.isGroupEnd ? "]" : ""}`,
      ),
    ).toEqual([
      "Today",
      "a[",
      "b]",
      "offer1[]",
      "offer2[]",
      "c[]",
      "line[]",
      "d[]",
      "e[]",
      "number[]",
      "f[",
      "g]",
    ]);
  });
});
