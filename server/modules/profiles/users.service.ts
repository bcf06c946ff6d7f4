import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import * as repo from "./profiles.repository";

// Apart from profiles.service.ts, which imports the trust module: the block service looks people
// up through this file, so the two services do not import each other.

/** A student or administrator whose account is not deleted, or undefined. */
export function findActiveUser(db: Db, id: string): Promise<UserRow | undefined> {
  return repo.findActiveUser(db, id);
}
