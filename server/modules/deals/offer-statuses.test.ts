// The offer states are one list (OFFER_STATUSES): the database's check, the API's schema and the
// bubbles' labels must say the same, so a state added to the list without its migration fails here.
import { OfferStatusSchema } from "@shared/api/deals";
import { OFFER_STATUS_LABELS, OFFER_STATUSES } from "@shared/deals-constants";
import { sql } from "drizzle-orm";
import { getTableConfig } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { rowsOf } from "../../db/rows";
import { offers } from "../../db/schema";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const sorted = (values: readonly string[]) => [...values].sort();

describe("the offer states", () => {
  it("the migrated offers_status_check allows exactly OFFER_STATUSES", async () => {
    const result = await testApp.database.db.execute(sql`
      select pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = 'offers'::regclass and conname = 'offers_status_check'`);
    const [row] = rowsOf<{ definition: string }>(result);
    expect(row?.definition).toBeDefined();
    const allowed = [...(row?.definition ?? "").matchAll(/'([^']+)'/g)].map((match) => match[1] ?? "");
    expect(sorted(allowed)).toEqual(sorted(OFFER_STATUSES));
  });

  it("the Drizzle schema's check, the API's enum and the labels are built from the same list", () => {
    const check = getTableConfig(offers).checks.find((each) => each.name === "offers_status_check");
    expect(check).toBeDefined();
    expect(OfferStatusSchema.options).toEqual([...OFFER_STATUSES]);
    expect(sorted(Object.keys(OFFER_STATUS_LABELS))).toEqual(sorted(OFFER_STATUSES));
  });
});
