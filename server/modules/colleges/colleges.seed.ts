import type { Db } from "../../db/client";
import { SEED_COLLEGE_ALIASES } from "../../db/seed/college-aliases-data";
import { SEED_COLLEGES } from "../../db/seed/colleges-data";
import {
  countColleges,
  findCollegeNamed,
  insertAliases,
  insertColleges,
  insertDomains,
  listSearchEntries,
} from "./colleges.repository";

/** Fills an empty directory with the seeded colleges; a directory the admin has edited is left alone. */
export async function seedCollegesIfEmpty(db: Db): Promise<boolean> {
  const { colleges } = await countColleges(db);
  if (colleges > 0) return false;
  await insertColleges(
    db,
    SEED_COLLEGES.flatMap((entry) => entry.colleges.map((name) => ({ city: entry.city, name }))),
  );
  // The well-known short names ('IITB', 'DU'); migration 0037 gave an older directory the same.
  const idOf = new Map((await listSearchEntries(db)).map((row) => [`${row.city}|${row.name}`, row.id]));
  await insertAliases(
    db,
    SEED_COLLEGE_ALIASES.flatMap((entry) => {
      const collegeId = idOf.get(`${entry.city}|${entry.name}`);
      return collegeId ? entry.aliases.map((alias) => ({ collegeId, alias })) : [];
    }),
  );
  return true;
}

/**
 * The demo seed's college e-mail domains (one per demo campus); a domain or college that has one
 * already keeps it. Returns how many were asked for.
 */
export async function seedDemoCollegeDomains(
  db: Db,
  entries: { city: string; name: string; domain: string }[],
): Promise<number> {
  const rows: { collegeId: string; domain: string }[] = [];
  for (const entry of entries) {
    const college = await findCollegeNamed(db, entry.city, entry.name);
    if (college) rows.push({ collegeId: college.id, domain: entry.domain });
  }
  await insertDomains(db, rows);
  return rows.length;
}
