// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, NETWORK_ERROR_CODE } from "../../lib/api";
import {
  type DeliveryEnvironment,
  deliverUntilAnswered,
  outboxSnapshot,
  SERVER_FAULT_RETRIES,
  updateOutbox,
} from "./outbox";
import type { OutboxEntry } from "./thread-messages";

const networkError = () => new ApiError(0, NETWORK_ERROR_CODE, "Network error.");

function environment(overrides: Partial<DeliveryEnvironment> = {}): DeliveryEnvironment & {
  pauses: number[];
} {
  const pauses: number[] = [];
  return {
    isOnline: () => true,
    waitForOnline: async () => {},
    pause: async (ms) => {
      pauses.push(ms);
    },
    delayMs: (attempt) => 100 * 2 ** attempt,
    pauses,
    ...overrides,
  };
}

describe("deliverUntilAnswered", () => {
  it("waits for the connection before the first try while offline", async () => {
    let isOnline = false;
    const waitForOnline = vi.fn(async () => {
      isOnline = true;
    });
    const send = vi.fn(async () => "stored");
    await expect(
      deliverUntilAnswered(send, environment({ isOnline: () => isOnline, waitForOnline })),
    ).resolves.toBe("stored");
    expect(waitForOnline).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("keeps trying an unreachable server, however many times, and never gives up on it", async () => {
    const send = vi.fn<() => Promise<string>>();
    for (let i = 0; i < 12; i++) send.mockRejectedValueOnce(networkError());
    send.mockResolvedValue("stored");
    const env = environment();
    await expect(deliverUntilAnswered(send, env)).resolves.toBe("stored");
    expect(send).toHaveBeenCalledTimes(13);
    expect(env.pauses.slice(0, 3)).toEqual([100, 200, 400]);
  });

  it("gives up on a server that keeps failing after a few tries", async () => {
    const send = vi.fn(async () => {
      throw new ApiError(503, "unavailable", "Down");
    });
    await expect(deliverUntilAnswered(send, environment())).rejects.toThrow("Down");
    expect(send).toHaveBeenCalledTimes(SERVER_FAULT_RETRIES + 1);
  });

  it("does not repeat a refusal: that is 'Not sent'", async () => {
    const send = vi.fn(async () => {
      throw new ApiError(403, "forbidden", "You are not part of this conversation.");
    });
    await expect(deliverUntilAnswered(send, environment())).rejects.toThrow("not part");
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe("the stored outbox", () => {
  afterEach(() => localStorage.clear());

  const entry = (clientId: string): OutboxEntry => ({
    chatId: "c1",
    clientId,
    body: { type: "text", clientId, text: "hello" },
    createdAt: "2026-11-20T10:00:00.000Z",
    status: "pending",
  });

  it("keeps entries per account in localStorage, so a reload finds them", () => {
    updateOutbox("u1", (list) => [...list, entry("a1234567")]);
    expect(JSON.parse(localStorage.getItem("campus-bazaar:outbox:u1") ?? "[]")).toHaveLength(1);
    expect(outboxSnapshot("u2")).toEqual([]);
    updateOutbox("u1", (list) => list.filter((item) => item.clientId !== "a1234567"));
    expect(localStorage.getItem("campus-bazaar:outbox:u1")).toBeNull();
  });

  it("reads the stored list afresh on each change, so another tab's entry is kept", () => {
    updateOutbox("u1", (list) => [...list, entry("a1234567")]);
    // Another tab adds one behind this tab's back.
    const stored = JSON.parse(localStorage.getItem("campus-bazaar:outbox:u1") ?? "[]");
    localStorage.setItem("campus-bazaar:outbox:u1", JSON.stringify([...stored, entry("b1234567")]));
    updateOutbox("u1", (list) => [...list, entry("c1234567")]);
    expect(outboxSnapshot("u1").map((item) => item.clientId)).toEqual(["a1234567", "b1234567", "c1234567"]);
  });

  it("ignores what is not an outbox entry", () => {
    localStorage.setItem("campus-bazaar:outbox:u3", JSON.stringify([{ chatId: 1 }, "x", entry("d1234567")]));
    expect(outboxSnapshot("u3").map((item) => item.clientId)).toEqual(["d1234567"]);
  });
});
