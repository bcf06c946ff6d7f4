import { onlineManager } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { importWhenOnline } from "./import-when-online";

const failedFetch = () => new TypeError("Failed to fetch dynamically imported module: /assets/part.js");

afterEach(() => {
  onlineManager.setOnline(true);
  vi.useRealTimers();
});

describe("importWhenOnline", () => {
  it("waits while offline and downloads again once the connection is back", async () => {
    onlineManager.setOnline(false);
    const load = vi.fn().mockRejectedValueOnce(failedFetch()).mockResolvedValueOnce({ part: "dialog" });
    let settled = false;
    const loading = importWhenOnline(load).finally(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);

    onlineManager.setOnline(true);
    await expect(loading).resolves.toEqual({ part: "dialog" });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps waiting through a second failure offline", async () => {
    onlineManager.setOnline(false);
    const load = vi
      .fn()
      .mockRejectedValueOnce(failedFetch())
      .mockImplementationOnce(() => {
        onlineManager.setOnline(false);
        return Promise.reject(failedFetch());
      })
      .mockResolvedValueOnce("code");
    const loading = importWhenOnline(load);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    onlineManager.setOnline(true);
    await expect(loading).resolves.toBe("code");
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("online, tries once more after a pause, then gives the failure to the error page", async () => {
    vi.useFakeTimers();
    const gone = failedFetch();
    const load = vi.fn().mockRejectedValue(gone);
    const loading = importWhenOnline(load);
    const outcome = loading.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(600);
    expect(load).toHaveBeenCalledTimes(2);
    await expect(outcome).resolves.toBe(gone);
  });

  it("online, a second try that works is used", async () => {
    vi.useFakeTimers();
    const load = vi.fn().mockRejectedValueOnce(failedFetch()).mockResolvedValueOnce("code");
    const loading = importWhenOnline(load);
    await vi.advanceTimersByTimeAsync(1500);
    await expect(loading).resolves.toBe("code");
  });
});
