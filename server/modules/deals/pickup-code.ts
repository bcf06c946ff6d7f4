import { randomInt } from "node:crypto";
import { PICKUP_CODE_LENGTH } from "@shared/pickup-constants";
import type { Db } from "../../db/client";
import * as repo from "./deals.repository";

/** Four random digits, 0000 to 9999, from the system's secure source. */
function newCode(): string {
  return String(randomInt(0, 10 ** PICKUP_CODE_LENGTH)).padStart(PICKUP_CODE_LENGTH, "0");
}

/**
 * In the accepting transaction: the reserved buyer's pickup code, a new one when the reservation
 * starts; the same buyer's next accepted offer keeps theirs.
 */
export async function issuePickupCode(
  tx: Db,
  itemId: string,
  buyerId: string,
  isNewReservation: boolean,
): Promise<void> {
  await repo.issuePickupCode(tx, { itemId, buyerId, code: newCode() }, isNewReservation);
}
