import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { preparedSql } from "../db/prepared-sql";
import { liveCursors, liveEvents, livePresence } from "../db/schema";

// The live gateway's tables: each user's numbered events and counter, and who has a socket open.

export type AppendedRow = { user_id: string; seq: number | string };

/**
 * Bumps each user's counter by their number of new events and inserts the events numbered up to
 * it: the common table expressions `batch`, `bumped` and `stored`, for a statement that appends
 * live events beside other work of its own (the chat send's second statement).
 */
export const appendLiveEventsCtes = sql`
    batch as (
      select * from unnest(${sql.placeholder("userIds")}::uuid[], ${sql.placeholder("counts")}::bigint[]) as c(user_id, n)
    ), bumped as (
      insert into ${liveCursors} (user_id, seq)
      select user_id, n from batch order by user_id
      on conflict (user_id) do update set seq = ${liveCursors}.seq + excluded.seq
      returning user_id, seq
    ), stored as (
      insert into ${liveEvents} (user_id, seq, type, payload)
      select e.user_id, b.seq - c.n + e.ordinal, e.type, e.payload
      from unnest(
        ${sql.placeholder("eventUserIds")}::uuid[],
        ${sql.placeholder("ordinals")}::bigint[],
        ${sql.placeholder("types")}::text[],
        ${sql.placeholder("payloads")}::text[]
      ) as e(user_id, ordinal, type, payload)
      join bumped b on b.user_id = e.user_id
      join batch c on c.user_id = e.user_id
    )`;

/** Appends live events (appendLiveEventsCtes); returns each user's new last number. */
export const appendLiveEventsStatement = preparedSql<AppendedRow>(
  "live_events_append",
  sql`with ${appendLiveEventsCtes} select user_id, seq from bumped`,
);

export async function currentSeq(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ seq: liveCursors.seq })
    .from(liveCursors)
    .where(eq(liveCursors.userId, userId));
  return row?.seq ?? 0;
}

export interface EventRow {
  user_id: string;
  after: number | string;
  seq: number | string;
  type: string;
  payload: string;
}

/** What follows each (user, after) cursor, in order, at most `limit` each. */
export const readEventRowsAfter = preparedSql<EventRow>(
  "live_events_after_many",
  sql`
    select c.user_id, c.after, e.seq, e.type, e.payload
    from unnest(${sql.placeholder("userIds")}::uuid[], ${sql.placeholder("afters")}::bigint[]) as c(user_id, after)
    cross join lateral (
      select seq, type, payload from ${liveEvents}
      where user_id = c.user_id and seq > c.after
      order by seq
      limit ${sql.placeholder("limit")}
    ) e
    order by c.user_id, c.after, e.seq
  `,
);

/** Deletes every user's events older than `days` days. */
export async function deleteLiveEventsOlderThan(db: Db, days: number): Promise<void> {
  await db.delete(liveEvents).where(sql`${liveEvents.createdAt} < now() - make_interval(days => ${days})`);
}

/** Whether the event right after `after` is still stored (old events are pruned). */
export async function hasEventAfter(db: Db, userId: string, after: number): Promise<boolean> {
  const [row] = await db
    .select({ seq: liveEvents.seq })
    .from(liveEvents)
    .where(and(eq(liveEvents.userId, userId), eq(liveEvents.seq, after + 1)))
    .limit(1);
  return row !== undefined;
}

/**
 * Writes this instance's count of sockets for each user in one statement: a user with some is
 * upserted (seen now), a user with none is deleted.
 */
export const writePresenceStatement = preparedSql(
  "live_presence_write",
  sql`
    with batch as (
      select * from unnest(${sql.placeholder("userIds")}::uuid[], ${sql.placeholder("sockets")}::int[])
        as b(user_id, sockets)
    ), gone as (
      delete from ${livePresence} p using batch b
      where p.instance_id = ${sql.placeholder("instanceId")}::uuid and p.user_id = b.user_id and b.sockets = 0
    )
    insert into ${livePresence} (instance_id, user_id, sockets, seen_at)
    select ${sql.placeholder("instanceId")}::uuid, user_id, sockets, now() from batch where sockets > 0
    on conflict (instance_id, user_id) do update set sockets = excluded.sockets, seen_at = excluded.seen_at
  `,
);

/**
 * The heartbeat: this instance's users, all of them, seen now; its rows for anyone else deleted
 * (a write that failed cannot leave a user present for ever); other instances' long-dead rows
 * deleted. Its own rows are never in both the insert and a delete of this one statement.
 */
export const heartbeatPresenceStatement = preparedSql(
  "live_presence_heartbeat",
  sql`
    with batch as (
      select * from unnest(${sql.placeholder("userIds")}::uuid[], ${sql.placeholder("sockets")}::int[])
        as b(user_id, sockets)
    ), gone as (
      delete from ${livePresence} p
      where (p.instance_id = ${sql.placeholder("instanceId")}::uuid
          and p.user_id <> all(${sql.placeholder("userIds")}::uuid[]))
        or (p.instance_id <> ${sql.placeholder("instanceId")}::uuid
          and p.seen_at < now() - ${sql.placeholder("forgetMs")}::double precision * interval '1 millisecond')
    )
    insert into ${livePresence} (instance_id, user_id, sockets, seen_at)
    select ${sql.placeholder("instanceId")}::uuid, user_id, sockets, now() from batch
    on conflict (instance_id, user_id) do update set sockets = excluded.sockets, seen_at = excluded.seen_at
  `,
);

export const clearPresenceStatement = preparedSql(
  "live_presence_clear",
  sql`delete from ${livePresence} where instance_id = ${sql.placeholder("instanceId")}::uuid`,
);

export const isPresentStatement = preparedSql<{ isPresent: boolean }>(
  "live_presence_find",
  sql`
    select exists (
      select 1 from ${livePresence}
      where user_id = ${sql.placeholder("userId")}::uuid
        and seen_at > now() - ${sql.placeholder("staleMs")}::double precision * interval '1 millisecond'
    ) as "isPresent"
  `,
);
