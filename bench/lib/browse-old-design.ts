/**
 * The design browse replaced: every active item downloaded as JSON, then filtered, sorted and
 * sliced in the browser. Timed on the same database, to compare with ours.
 */
import { CAMPUS_TIME_ZONE, PAGE_SIZE } from "@shared/constants";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import { items, users } from "../../server/db/schema";
import { toItemDto } from "../../server/modules/items/items.mapper";
import { itemWithSeller } from "../../server/modules/items/items.repository";
import { FILTERS, OLD_RUNS, OLD_WARMUP } from "./browse-settings";
import type { DesignResult } from "./browse-shapes";
import { summarise } from "./stats";

/** The old design's download is read in chunks this size: at a million items one JSON string of all cannot be built. */
const OLD_CHUNK = 50_000;

/**
 * The old app: every active item downloaded as JSON, then filtered, sorted and sliced in the browser.
 * The download is serialised and parsed a chunk at a time (by id), which is what a streamed
 * download would cost; past about 400,000 items a single string of it exceeds what V8 can hold.
 */
async function oldDesignOnce(db: Db): Promise<{ bytes: number; matches: number; pageIds: string[] }> {
  // Someone who sells none of them, as the browse page answers every other student.
  const viewer = { id: "00000000-0000-0000-0000-000000000000" };
  const needle = (FILTERS.search ?? "").toLowerCase();
  const matches: ReturnType<typeof toItemDto>[] = [];
  let bytes = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = await db
      .select(itemWithSeller)
      .from(items)
      .innerJoin(users, eq(users.id, items.sellerId))
      .where(
        and(
          eq(items.isActive, true),
          isNull(users.deletedAt),
          sql`${items.id} > ${after}`,
          // Holiday hiding stays on the server, so both designs show the same items.
          sql`not coalesce(${users.holidayActive} and (now() at time zone ${CAMPUS_TIME_ZONE})::date between ${users.holidayFrom} and ${users.holidayTo}, false)`,
        ),
      )
      .orderBy(items.id)
      .limit(OLD_CHUNK);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]?.item.id ?? after;
    const json = JSON.stringify(rows.map((row) => toItemDto(row, viewer)));
    bytes += Buffer.byteLength(json);
    // What the browser then does with the download.
    for (const item of JSON.parse(json) as ReturnType<typeof toItemDto>[]) {
      if (
        (FILTERS.category === "all" || item.category === FILTERS.category) &&
        (!FILTERS.college || item.sellerCollege === FILTERS.college) &&
        (item.productName.toLowerCase().includes(needle) || item.type.toLowerCase().includes(needle))
      )
        matches.push(item);
    }
  }
  matches.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  const page = matches.slice(0, PAGE_SIZE);
  return { bytes, matches: matches.length, pageIds: page.map((item) => item.id) };
}

/** The old design timed; `samePage` says whether its first page has our first page's ids (`ourPageIds`). */
export async function measureOld(
  db: Db,
  ourPageIds: readonly string[],
): Promise<DesignResult & { samePage: boolean }> {
  for (let i = 0; i < OLD_WARMUP; i++) await oldDesignOnce(db);
  const samples: number[] = [];
  let last: Awaited<ReturnType<typeof oldDesignOnce>> | undefined;
  for (let i = 0; i < OLD_RUNS; i++) {
    const started = performance.now();
    last = await oldDesignOnce(db);
    samples.push(performance.now() - started);
  }
  const samePage = JSON.stringify(last?.pageIds) === JSON.stringify(ourPageIds);
  return { ...summarise(samples), bytes: last?.bytes ?? 0, matches: last?.matches ?? 0, samePage };
}
