import { and, count, desc, eq, notInArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { notificationSettings, notifications, pushPrompts, pushSubscriptions, users } from "../../db/schema";

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
export type NotificationType = (typeof notifications.$inferSelect)["type"];

/**
 * Stores a device's subscription for this session. An endpoint the same student already stored
 * moves to this session; one of another student's is left alone: false then.
 */
export async function upsertOwnSubscription(
  db: Db,
  values: Pick<PushSubscriptionRow, "userId" | "sessionId" | "endpoint" | "p256dh" | "auth">,
): Promise<boolean> {
  const stored = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { sessionId: values.sessionId, p256dh: values.p256dh, auth: values.auth },
      where: eq(pushSubscriptions.userId, values.userId),
    })
    .returning({ id: pushSubscriptions.id });
  return stored.length > 0;
}

/** Holds the student's row until the transaction ends, so two devices stored at once are counted in turn. */
export async function lockUser(db: Db, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** Removes the student's subscriptions beyond the `keep` stored last. */
export async function deleteOldestSubscriptions(db: Db, userId: string, keep: number): Promise<void> {
  const kept = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
}

/** Removes the user's own subscription with this endpoint; whether there was one. */
export async function deleteOwnSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export function subscriptionsOf(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function countSubscriptions(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

export async function hasSessionSubscription(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.sessionId, sessionId))
    .limit(1);
  return row !== undefined;
}

export async function findSettings(db: Db, userId: string): Promise<NotificationSettingsRow | undefined> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
}

export async function saveSettings(
  db: Db,
  userId: string,
  changes: Partial<Omit<NotificationSettingsRow, "userId">>,
): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: changes });
}

/** A notification with its sender's name, as a push describes it. */
export async function findNotificationForPush(db: Db, id: string) {
  const [row] = await db
    .select({ notification: notifications, fromName: users.name })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.fromUserId))
    .where(eq(notifications.id, id));
  return row;
}

export interface DueDigest {
  user_id: string;
  email: string;
  unread: number;
}

/**
 * Claims the students due an unread-messages e-mail (see runDigests) by setting last_digest_at;
 * `unreadFor` and `atMostEvery` are intervals such as "30 minutes".
 */
export async function claimDueDigests(
  db: Db,
  rule: { unreadFor: string; atMostEvery: string; batch: number },
): Promise<DueDigest[]> {
  return rowsOf<DueDigest>(
    await db.execute(sql`
      with candidates as (
        select u.id, u.email, count(n.id)::int as unread
        from users u
        join notifications n on n.user_id = u.id and not n.is_read
          and n.type in ('message', 'offer', 'recruitment_message')
        left join notification_settings s on s.user_id = u.id
        where u.email_verified and u.deleted_at is null and u.role = 'student'
          and coalesce(s.email_digest, true)
          and (s.last_digest_at is null or s.last_digest_at < now() - ${rule.atMostEvery}::interval)
          and not exists (select 1 from push_subscriptions p where p.user_id = u.id)
        group by u.id, u.email, s.last_digest_at
        having min(n.created_at) < now() - ${rule.unreadFor}::interval
          and max(n.created_at) > coalesce(s.last_digest_at, '-infinity'::timestamptz)
        limit ${rule.batch}
      ),
      claimed as (
        insert into notification_settings (user_id, last_digest_at)
        select id, now() from candidates
        on conflict (user_id) do update set last_digest_at = now()
          where notification_settings.last_digest_at is null
            or notification_settings.last_digest_at < now() - ${rule.atMostEvery}::interval
        returning user_id
      )
      select c.id as user_id, c.email, c.unread from candidates c join claimed on claimed.user_id = c.id
    `),
  );
}

/** Who wrote a student's unread messages and about what, the latest first. */
export async function unreadMessageLines(db: Db, userId: string, limit: number) {
  return rowsOf<{ chat_id: string | null; from_name: string | null; about: string | null; unread: number }>(
    await db.execute(sql`
      select n.chat_id, f.name as from_name,
        coalesce(c.recruitment_purpose, nullif(c.item_name, '')) as about, count(*)::int as unread
      from notifications n
      left join users f on f.id = n.from_user_id
      left join chats c on c.id = n.chat_id
      where n.user_id = ${userId} and not n.is_read
        and n.type in ('message', 'offer', 'recruitment_message')
      group by n.chat_id, f.name, c.recruitment_purpose, c.item_name
      order by max(n.created_at) desc
      limit ${limit}
    `),
  );
}

export async function turnDigestOff(db: Db, userId: string): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, emailDigest: false })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { emailDigest: false } });
}

export type PushPromptRow = typeof pushPrompts.$inferSelect;

export async function findPushPrompt(db: Db, userId: string): Promise<PushPromptRow | undefined> {
  const [row] = await db.select().from(pushPrompts).where(eq(pushPrompts.userId, userId));
  return row;
}

/** Counts a 'Not now'. */
export async function recordNotNow(db: Db, userId: string): Promise<void> {
  await db
    .insert(pushPrompts)
    .values({ userId, notNowCount: 1, lastNotNowAt: sql`now()` })
    .onConflictDoUpdate({
      target: pushPrompts.userId,
      set: { notNowCount: sql`${pushPrompts.notNowCount} + 1`, lastNotNowAt: sql`now()` },
    });
}

/** Records 'Turn on': the card is not offered again. */
export async function recordTurnedOn(db: Db, userId: string): Promise<void> {
  await db
    .insert(pushPrompts)
    .values({ userId, turnedOnAt: sql`now()` })
    .onConflictDoUpdate({
      target: pushPrompts.userId,
      set: { turnedOnAt: sql`coalesce(${pushPrompts.turnedOnAt}, now())` },
    });
}
