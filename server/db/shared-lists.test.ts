// Each list a check constraint holds is one of shared's lists: the migrated constraint, the Drizzle
// schema's check and the list itself must say the same, so a value added to (or dropped from) the
// list without its migration fails here. The offer states have their own test
// (server/modules/deals/offer-statuses.test.ts).

import { COLLEGE_REQUEST_STATUSES } from "@shared/college-requests";
import { EVENT_REMINDER_KINDS } from "@shared/events-constants";
import { SESSION_END_REASONS } from "@shared/live-constants";
import { MEETUP_SPOT_STATUSES, MEETUP_STATUSES } from "@shared/meetups-constants";
import { REPORT_TARGET_TYPES } from "@shared/reports-constants";
import { SCAM_KINDS } from "@shared/scam-kinds";
import { TEAM_REQUEST_STATUSES } from "@shared/team-constants";
import { EMAIL_VISIBILITIES, MOBILE_VISIBILITIES, PHOTO_CHECKS } from "@shared/trust-constants";
import { ID_REVIEW_STATUSES, VERIFICATION_METHODS } from "@shared/verification-constants";
import { sql } from "drizzle-orm";
import { getTableConfig, PgDialect, type PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { rowsOf } from "./rows";
import {
  collegeRequests,
  endedSessions,
  eventReminders,
  idVerifications,
  meetupSpots,
  meetups,
  messages,
  reports,
  teamRequests,
  uploads,
  users,
} from "./schema";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const LISTS: { table: PgTable; constraint: string; list: readonly string[] }[] = [
  { table: users, constraint: "users_mobile_visibility_check", list: MOBILE_VISIBILITIES },
  { table: users, constraint: "users_email_visibility_check", list: EMAIL_VISIBILITIES },
  { table: reports, constraint: "reports_target_type_check", list: REPORT_TARGET_TYPES },
  { table: teamRequests, constraint: "team_requests_status_check", list: TEAM_REQUEST_STATUSES },
  { table: uploads, constraint: "uploads_qr_check_known", list: PHOTO_CHECKS },
  { table: messages, constraint: "messages_scam_kind_known", list: SCAM_KINDS },
  { table: endedSessions, constraint: "ended_sessions_reason_known", list: SESSION_END_REASONS },
  { table: users, constraint: "users_college_verified_via_check", list: VERIFICATION_METHODS },
  { table: idVerifications, constraint: "id_verifications_status_check", list: ID_REVIEW_STATUSES },
  { table: eventReminders, constraint: "event_reminders_kind_check", list: EVENT_REMINDER_KINDS },
  { table: meetupSpots, constraint: "meetup_spots_status_check", list: MEETUP_SPOT_STATUSES },
  { table: meetups, constraint: "meetups_status_check", list: MEETUP_STATUSES },
  { table: collegeRequests, constraint: "college_requests_status_check", list: COLLEGE_REQUEST_STATUSES },
];

/** Checks that hold a list of values with no list in shared/ (nothing in the code names them). */
const LISTS_OF_THEIR_OWN = ["offers_status_check", "reports_status_check"];

const quoted = (text: string) => [...text.matchAll(/'([^']+)'/g)].map((match) => match[1] ?? "").sort();

interface MigratedCheck {
  name: string;
  table: string;
  definition: string;
}

async function migratedChecks(): Promise<MigratedCheck[]> {
  const result = await testApp.database.db.execute(sql`
    select conname as name, conrelid::regclass::text as table, pg_get_constraintdef(oid) as definition
    from pg_constraint where contype = 'c' and connamespace = 'public'::regnamespace order by conname`);
  return rowsOf<MigratedCheck>(result);
}

describe("the lists the database checks", () => {
  it.each(LISTS)(
    "the migrated $constraint allows exactly its shared list",
    async ({ table, constraint, list }) => {
      const found = (await migratedChecks()).find((check) => check.name === constraint);
      expect(found?.table, constraint).toBe(getTableConfig(table).name);
      expect(quoted(found?.definition ?? "")).toEqual([...list].sort());
    },
  );

  it.each(LISTS)(
    "the Drizzle schema's $constraint is built from the same list",
    ({ table, constraint, list }) => {
      const check = getTableConfig(table).checks.find((each) => each.name === constraint);
      expect(check, constraint).toBeDefined();
      const written = new PgDialect().sqlToQuery(check?.value ?? sql``).sql;
      expect(quoted(written)).toEqual([...list].sort());
    },
  );

  it("every migrated check that holds a list of values is one of the above", async () => {
    const lists = (await migratedChecks()).filter((check) => /ANY \(ARRAY\[/i.test(check.definition));
    const known = new Set([...LISTS.map((each) => each.constraint), ...LISTS_OF_THEIR_OWN]);
    expect(lists.map((check) => check.name).filter((name) => !known.has(name))).toEqual([]);
    expect(lists.length).toBe(known.size);
  });
});
