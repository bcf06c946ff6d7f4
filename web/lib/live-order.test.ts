import { describe, expect, it } from "vitest";
import { readControlFrame } from "./live-order";

describe("readControlFrame", () => {
  it("reads the greeting and a resync without the frame parser", () => {
    expect(readControlFrame(JSON.stringify({ type: "hello", seq: 0 }))).toEqual({ type: "hello", seq: 0 });
    expect(readControlFrame(JSON.stringify({ type: "resync", seq: 41 }))).toEqual({
      type: "resync",
      seq: 41,
    });
  });

  it("leaves events, broadcasts and anything malformed to the parser", () => {
    const frames = [
      JSON.stringify({ type: "message.created", seq: 3, data: { chatId: "hello" } }),
      JSON.stringify({ type: "events.changed" }),
      JSON.stringify({ type: "hello", seq: -1 }),
      JSON.stringify({ type: "hello", seq: 1.5 }),
      JSON.stringify({ type: "hello", seq: "2" }),
      JSON.stringify({ type: "hello", seq: 2, extra: true }),
      JSON.stringify({ type: "hello" }),
      JSON.stringify(["hello", 1]),
      '{"type":"hello",',
      42,
    ];
    for (const frame of frames) expect(readControlFrame(frame)).toBeNull();
  });
});
