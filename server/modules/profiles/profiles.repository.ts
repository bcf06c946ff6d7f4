import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { follows, items, type UserRow, users } from "../../db/schema";

export async function findActiveUser(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return user;
}

export async function countsOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      items: sql<number>`(select count(*) from ${items} where ${items.sellerId} = ${userId})::int`,
      // Deleted accounts are not counted, as they are not listed.
      followers: sql<number>`(select count(*) from ${follows} join ${users} on ${users.id} = ${follows.followerId} where ${follows.followeeId} = ${userId} and ${users.deletedAt} is null)::int`,
      following: sql<number>`(select count(*) from ${follows} join ${users} on ${users.id} = ${follows.followeeId} where ${follows.followerId} = ${userId} and ${users.deletedAt} is null)::int`,
    })
    .from(sql`(select 1) as one`);
  return row ?? { items: 0, followers: 0, following: 0 };
}

export async function isFollowing(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const [row] = await db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return row !== undefined;
}

export async function followersOf(db: Db, userId: string) {
  return db
    .select({ id: users.id, name: users.name, college: users.college, profilePhoto: users.profilePhoto })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(and(eq(follows.followeeId, userId), isNull(users.deletedAt)))
    .orderBy(desc(follows.createdAt));
}

export async function setFollowing(db: Db, followerId: string, followeeId: string, isOn: boolean) {
  if (isOn) {
    await db.insert(follows).values({ followerId, followeeId }).onConflictDoNothing();
  } else {
    await db
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  }
}
