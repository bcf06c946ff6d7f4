import type { Db } from "../../db/client";
import { SEED_COLLEGES } from "../../db/seed/colleges-data";
import { countColleges, insertColleges } from "./colleges.repository";

/** Fills an empty directory with the seeded colleges; a directory the admin has edited is left alone. */
export async function seedCollegesIfEmpty(db: Db): Promise<boolean> {
  const { colleges } = await countColleges(db);
  if (colleges > 0) return false;
  await insertColleges(
    db,
    SEED_COLLEGES.flatMap((entry) => entry.colleges.map((name) => ({ city: entry.city, name }))),
  );
  return true;
}
