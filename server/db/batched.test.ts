import { describe, expect, it } from "vitest";
import { batched } from "./batched";
import type { Db } from "./client";

/** Two handles: batching state is kept per database handle. */
const first = {} as Db;
const second = {} as Db;

/** A runMany that records its batches and answers when `release` is called. */
function recorder(options: { failWhen?: (input: number) => boolean } = {}) {
  const batches: number[][] = [];
  const waiting: (() => void)[] = [];
  const runMany = async (_db: Db, batch: number[]) => {
    batches.push(batch);
    await new Promise<void>((resolve) => waiting.push(resolve));
    if (batch.some((input) => options.failWhen?.(input))) throw new Error("refused");
    return batch.map((input) => input * 10);
  };
  const releaseAll = async () => {
    // Answers every batch under way, and those that start meanwhile, until none is left.
    for (let turn = 0; turn < 50; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
      for (const release of waiting.splice(0)) release();
    }
  };
  return { batches, runMany, releaseAll };
}

describe("batched", () => {
  it("a lone call goes at once, in a batch of its own", async () => {
    const { batches, runMany, releaseAll } = recorder();
    const run = batched({ runMany, maxInFlight: 2, maxBatch: 10 });
    const result = run(first, 7);
    await releaseAll();
    expect(await result).toBe(70);
    expect(batches).toEqual([[7]]);
  });

  it("calls of one turn travel together; calls made while batches are under way wait and go together", async () => {
    const { batches, runMany, releaseAll } = recorder();
    const run = batched({ runMany, maxInFlight: 1, maxBatch: 100 });
    const early = [1, 2, 3].map((n) => run(first, n));
    await new Promise((resolve) => setImmediate(resolve));
    // The first batch is under way: these wait for it.
    const later = [4, 5].map((n) => run(first, n));
    await new Promise((resolve) => setImmediate(resolve));
    const last = run(first, 6);
    await releaseAll();
    expect(await Promise.all([...early, ...later, last])).toEqual([10, 20, 30, 40, 50, 60]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it("no batch is larger than maxBatch, and at most maxInFlight are under way", async () => {
    const { batches, runMany, releaseAll } = recorder();
    const run = batched({ runMany, maxInFlight: 2, maxBatch: 3 });
    const results = Array.from({ length: 8 }, (_, n) => run(first, n));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    await releaseAll();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40, 50, 60, 70]);
    expect(batches.at(-1)).toEqual([6, 7]);
  });

  it("a failing batch goes again one by one: only the failing call fails", async () => {
    const { batches, runMany, releaseAll } = recorder({ failWhen: (input) => input === 2 });
    const run = batched({ runMany, maxInFlight: 1, maxBatch: 10 });
    const results = [1, 2, 3].map((n) => run(first, n).then(String, (error: Error) => error.message));
    await releaseAll();
    expect(await Promise.all(results)).toEqual(["10", "refused", "30"]);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it("each database handle has its own batches", async () => {
    const { batches, runMany, releaseAll } = recorder();
    const run = batched({ runMany, maxInFlight: 1, maxBatch: 10 });
    const results = [run(first, 1), run(second, 2), run(first, 3)];
    await releaseAll();
    expect(await Promise.all(results)).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 3], [2]]);
  });
});
