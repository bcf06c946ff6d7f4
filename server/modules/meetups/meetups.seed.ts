import type { Db } from "../../db/client";
import { findCollegeNamed, insertSpot } from "./meetups.repository";

/** The demo's meetup spots: busy, public places every campus has. */
export const DEMO_MEETUP_SPOTS = [
  { name: "Library entrance", directions: "At the main doors of the central library, by the notice board." },
  { name: "Main canteen", directions: "Inside the main canteen, next to the billing counter." },
  { name: "Main gate", directions: "Beside the security cabin at the main gate." },
] as const;

/** Gives each demo campus the demo spots, approved; a spot already there stays. Returns how many were added. */
export async function seedDemoMeetupSpots(
  db: Db,
  campuses: { city: string; name: string }[],
): Promise<number> {
  let added = 0;
  for (const campus of campuses) {
    const college = await findCollegeNamed(db, campus.city, campus.name);
    if (!college) continue;
    for (const spot of DEMO_MEETUP_SPOTS) {
      const row = await insertSpot(db, {
        collegeId: college.id,
        ...spot,
        status: "approved",
        suggestedBy: null,
      });
      if (row) added += 1;
    }
  }
  return added;
}
