import type { EmailVisibility, MobileVisibility } from "@shared/trust-constants";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatMembers, messages, users } from "../../db/schema";
import { isBlockedBetween } from "../blocks/blocks.repository";

/**
 * Of `personIds`, those who have themselves written to the viewer: they sent a message in a chat
 * the viewer belongs to. Someone who was only written to (a seller a buyer opened a chat with)
 * shares nothing yet. Anyone with a block between them and the viewer is left out (a chat they can
 * no longer write in shares no number).
 */
export async function chattingWith(db: Db, viewerId: string, personIds: string[]): Promise<Set<string>> {
  const others = [...new Set(personIds)].filter((id) => id !== viewerId);
  if (others.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: messages.senderId })
    .from(messages)
    .where(
      and(
        inArray(messages.senderId, others),
        ne(messages.type, "system"),
        sql`exists (select 1 from ${chatMembers} mine
          where mine.chat_id = ${messages.chatId} and mine.user_id = ${viewerId})`,
        sql`not ${isBlockedBetween(viewerId, messages.senderId)}`,
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
