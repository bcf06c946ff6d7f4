/**
 * The browse benchmark's sizes, runs and goals (bench/browse.ts), read once from the environment,
 * and the page it asks for.
 */
import type { BrowseFilters } from "../../server/modules/items/browse.repository";
import { sellerCountFor } from "./browse-data";
import { positiveInt } from "./stats";

export const ITEM_COUNT = positiveInt("BENCH_ITEMS", 50_000);
export const SELLER_COUNT = sellerCountFor(ITEM_COUNT);
export const RUNS = positiveInt("BENCH_RUNS", 300);
export const WARMUP = 30;
// The old design reads every item each time: a few runs are enough at the larger sizes.
export const OLD_RUNS = positiveInt("BENCH_OLD_RUNS", ITEM_COUNT > 200_000 ? 3 : 20);
export const OLD_WARMUP = ITEM_COUNT > 200_000 ? 1 : 2;
/** How many items are posted with each set of browse's indexes. */
export const POSTS = positiveInt("BENCH_POSTS", 60);

/** The browse the benchmark asks for: a search, a category and a college, first page, newest first. */
export const FILTERS: BrowseFilters = {
  search: "calculator",
  category: "gadgets",
  college: "IIT Bombay",
  sort: "newest",
  page: 1,
  viewerId: "00000000-0000-4000-8000-000000000000",
};

export const GOALS = {
  embeddedP95Ms: 60,
  postgresP95Ms: 20,
  speedup: 200,
  bytesRatio: 1000,
};
