import type { EmailVisibility, MobileVisibility } from "@shared/trust-constants";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

export async function findPrivacy(db: Db, userId: string) {
  const [row] = await db
    .select({ mobileVisibility: users.mobileVisibility, emailVisibility: users.emailVisibility })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function updatePrivacy(
  db: Db,
  userId: string,
  privacy: { mobileVisibility: MobileVisibility; emailVisibility: EmailVisibility },
) {
  const [row] = await db
    .update(users)
    .set({ ...privacy, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ mobileVisibility: users.mobileVisibility, emailVisibility: users.emailVisibility });
  return row;
}
