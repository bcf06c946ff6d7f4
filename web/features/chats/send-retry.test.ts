import { describe, expect, it, vi } from "vitest";
import { ApiError, NETWORK_ERROR_CODE } from "../../lib/api";
import { isRetryableSendError, retrySend } from "./send-retry";

const networkError = () => new ApiError(0, NETWORK_ERROR_CODE, "Network error.");
const noWait = { sleep: async () => {} };

describe("retrySend", () => {
  it("returns the first success without retrying", async () => {
    const send = vi.fn(async () => "stored");
    await expect(retrySend(send, noWait)).resolves.toBe("stored");
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("retries network failures and succeeds on a later try", async () => {
    const send = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(networkError())
      .mockRejectedValueOnce(new ApiError(503, "unavailable", "Down"))
      .mockResolvedValue("stored");
    await expect(retrySend(send, noWait)).resolves.toBe("stored");
    expect(send).toHaveBeenCalledTimes(3);
  });

  it("gives up after three retries, with growing waits between them", async () => {
    const sleep = vi.fn(async (_ms: number) => {});
    const send = vi.fn(async () => {
      throw networkError();
    });
    await expect(retrySend(send, { sleep, delayMs: (attempt) => 100 * 2 ** attempt })).rejects.toThrow(
      ApiError,
    );
    expect(send).toHaveBeenCalledTimes(4);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([100, 200, 400]);
  });

  it("does not retry a refusal", async () => {
    const send = vi.fn(async () => {
      throw new ApiError(403, "forbidden", "You are not part of this conversation.");
    });
    await expect(retrySend(send, noWait)).rejects.toThrow("You are not part of this conversation.");
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe("isRetryableSendError", () => {
  it("retries unreachable servers and server faults only", () => {
    expect(isRetryableSendError(networkError())).toBe(true);
    expect(isRetryableSendError(new ApiError(500, "internal", "x"))).toBe(true);
    expect(isRetryableSendError(new ApiError(400, "invalid_input", "x"))).toBe(false);
    expect(isRetryableSendError(new Error("x"))).toBe(false);
  });
});
