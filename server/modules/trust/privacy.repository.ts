import type { EmailVisibility, MobileVisibility } from "@shared/trust-constants";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatMembers, hasWrittenInChat, users } from "../../db/schema";
import { isBlockedBetween } from "./blocks.repository";

/**
 * Of `personIds`, those who share at least one chat with the viewer and have written in it
 * themselves, leaving out anyone with a block between them and the viewer (a chat they can no
 * longer write in shares no number). Opening a chat with someone is not chatting with them: a
 * buyer who only writes to a seller does not see the seller's number until the seller answers,
 * and the app's deal lines in the seller's name ('This item is now reserved.') are no answer.
 */
export async function chattingWith(db: Db, viewerId: string, personIds: string[]): Promise<Set<string>> {
  const others = [...new Set(personIds)].filter((id) => id !== viewerId);
  if (others.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(
      and(
        inArray(chatMembers.userId, others),
        sql`exists (select 1 from ${chatMembers} mine
          where mine.chat_id = ${chatMembers.chatId} and mine.user_id = ${viewerId})`,
        hasWrittenInChat(chatMembers.chatId, chatMembers.userId),
        sql`not ${isBlockedBetween(viewerId, chatMembers.userId)}`,
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

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
