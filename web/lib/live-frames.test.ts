import type { Message } from "@shared/api/chats";
import type { LiveFrame } from "@shared/live-events";
import { describe, expect, it } from "vitest";
import { decideFrame, type FrameDecision, parseLiveFrame } from "./live-frames";

const counts = (seq: number): LiveFrame => ({
  seq,
  type: "counts",
  data: { unread: seq, unreadMessages: 0 },
});

/** Feeds frames through the rule as the socket does and returns the seqs it applied. */
function run(start: number | null, frames: LiveFrame[]) {
  let lastSeq = start;
  const applied: number[] = [];
  const decisions: FrameDecision["action"][] = [];
  for (const frame of frames) {
    const decision = decideFrame(lastSeq, frame);
    decisions.push(decision.action);
    if (decision.action === "apply") applied.push(decision.event.seq);
    if (decision.action !== "ignore") lastSeq = decision.lastSeq;
  }
  return { applied, decisions, lastSeq };
}

describe("decideFrame", () => {
  it("applies a replay after hello in order and remembers the last number", () => {
    const result = run(4, [{ type: "hello", seq: 7 }, counts(5), counts(6), counts(7)]);
    expect(result.applied).toEqual([5, 6, 7]);
    expect(result.decisions[0]).toBe("resume");
    expect(result.lastSeq).toBe(7);
  });

  it("drops frames it has already seen, so a reconnect never doubles an event", () => {
    const result = run(6, [{ type: "hello", seq: 8 }, counts(5), counts(6), counts(7), counts(7), counts(8)]);
    expect(result.applied).toEqual([7, 8]);
  });

  it("asks for a refetch on the first hello of a tab, then applies what follows", () => {
    const result = run(null, [{ type: "hello", seq: 12 }, counts(13)]);
    expect(result.decisions).toEqual(["refetch", "apply"]);
    expect(result.applied).toEqual([13]);
  });

  it("asks for a refetch on resync and continues from the server's number", () => {
    const result = run(3, [{ type: "resync", seq: 900 }, counts(900), counts(901)]);
    expect(result.decisions).toEqual(["refetch", "ignore", "apply"]);
    expect(result.lastSeq).toBe(901);
  });

  it("starts over from the server's number when the server is behind what the tab remembers", () => {
    const decision = decideFrame(50, { type: "hello", seq: 2 });
    expect(decision).toEqual({ action: "refetch", lastSeq: 2 });
  });

  it("applies an event after a gap but flags it, so the caches are refetched too", () => {
    const decision = decideFrame(3, counts(6));
    expect(decision).toMatchObject({ action: "apply", isGap: true, lastSeq: 6 });
    expect(decideFrame(5, counts(6))).toMatchObject({ action: "apply", isGap: false });
  });
});

describe("parseLiveFrame", () => {
  const message: Message = {
    id: "m1",
    chatId: "c1",
    senderId: "u1",
    clientId: "client-0001",
    type: "text",
    text: "Is it still available?",
    offerPrice: null,
    photo: null,
    scamWarning: false,
    photoCheck: null,
    createdAt: "2026-11-24T07:00:00.000Z",
  };

  it("reads hello, resync and events", () => {
    expect(parseLiveFrame('{"type":"hello","seq":3}')).toEqual({ type: "hello", seq: 3 });
    expect(parseLiveFrame('{"type":"resync","seq":0}')).toEqual({ type: "resync", seq: 0 });
    expect(parseLiveFrame(JSON.stringify({ seq: 4, type: "message.created", data: { message } }))).toEqual({
      seq: 4,
      type: "message.created",
      data: { message },
    });
  });

  it("drops what is not a well-formed frame", () => {
    expect(parseLiveFrame("not json")).toBeNull();
    expect(parseLiveFrame(new ArrayBuffer(2))).toBeNull();
    expect(parseLiveFrame('{"type":"hello"}')).toBeNull();
    expect(parseLiveFrame('{"type":"hello","seq":-1}')).toBeNull();
    expect(parseLiveFrame('{"type":"hello","seq":1.5}')).toBeNull();
    expect(parseLiveFrame('{"type":"surprise","seq":1,"data":{}}')).toBeNull();
    expect(parseLiveFrame('{"type":"counts","seq":1}')).toBeNull();
    expect(parseLiveFrame('{"type":"counts","seq":1,"data":{"unread":"2","unreadMessages":0}}')).toBeNull();
    const { text: _text, ...withoutText } = message;
    expect(
      parseLiveFrame(JSON.stringify({ seq: 4, type: "message.created", data: { message: withoutText } })),
    ).toBeNull();
  });

  it("keeps only the fields the schema names, so a newer server's additions are not trusted", () => {
    const frame = { seq: 2, type: "counts", data: { unread: 3, unreadMessages: 1, extra: true }, at: 1 };
    expect(parseLiveFrame(JSON.stringify(frame))).toEqual({
      seq: 2,
      type: "counts",
      data: { unread: 3, unreadMessages: 1 },
    });
  });

  it("reads a ticket status change, so the ticket history can refresh", () => {
    const frame = { seq: 9, type: "ticket.updated", data: { ticketId: "482913", status: "resolved" } };
    expect(parseLiveFrame(JSON.stringify(frame))).toEqual(frame);
  });
});
