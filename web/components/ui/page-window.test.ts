import { describe, expect, it } from "vitest";
import { pageWindow } from "./page-window";

describe("page buttons", () => {
  it("shows every page when there are five or fewer", () => {
    expect(pageWindow(1, 3, 5)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0, 5)).toEqual([]);
  });

  it("centres a window of five on the current page and shifts it at the ends", () => {
    expect(pageWindow(1, 10, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10, 5)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10, 5)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(9, 10, 5)).toEqual([6, 7, 8, 9, 10]);
  });
});
