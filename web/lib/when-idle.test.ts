import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { soonWhenIdle } from "./when-idle";

describe("soonWhenIdle", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("waits a second, then for the browser's idle time, at most two seconds more", () => {
    const idle = vi.fn<(task: () => void, options: { timeout: number }) => number>(() => 7);
    vi.stubGlobal("requestIdleCallback", idle);
    const task = vi.fn();
    soonWhenIdle(task);
    vi.advanceTimersByTime(999);
    expect(idle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(idle).toHaveBeenCalledWith(task, { timeout: 2000 });
    expect(task).not.toHaveBeenCalled();
    // The browser calls back once it is idle.
    idle.mock.calls[0]?.[0]();
    expect(task).toHaveBeenCalledOnce();
  });

  it("runs after the second where the browser has no idle callbacks", () => {
    vi.stubGlobal("requestIdleCallback", undefined);
    const task = vi.fn();
    soonWhenIdle(task);
    vi.advanceTimersByTime(999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
  });

  it("never runs once cancelled, before the second or while waiting for idle time", () => {
    const cancelIdle = vi.fn();
    // An idle browser: the callback runs as soon as it is asked for.
    const idle = vi.fn((task: () => void) => {
      task();
      return 7;
    });
    vi.stubGlobal("requestIdleCallback", idle);
    vi.stubGlobal("cancelIdleCallback", cancelIdle);
    const early = vi.fn();
    soonWhenIdle(early)();
    vi.advanceTimersByTime(5000);
    expect(idle).not.toHaveBeenCalled();
    expect(early).not.toHaveBeenCalled();

    vi.stubGlobal("requestIdleCallback", () => 7);

    const cancel = soonWhenIdle(vi.fn());
    vi.advanceTimersByTime(1000);
    cancel();
    expect(cancelIdle).toHaveBeenCalledWith(7);
  });
});
