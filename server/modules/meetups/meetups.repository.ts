import type { MeetupStatus } from "@shared/meetups-constants";
import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { chatMembers, chats, colleges, meetupSpots, meetups } from "../../db/schema";

export type MeetupSpotRow = typeof meetupSpots.$inferSelect;
export type MeetupRow = typeof meetups.$inferSelect;
export type CollegeRef = { id: string; name: string; city: string };

export function findCollege(db: Db, id: string): Promise<CollegeRef | undefined> {
  return db
    .select({ id: colleges.id, name: colleges.name, city: colleges.city })
    .from(colleges)
    .where(eq(colleges.id, id))
    .then((rows) => rows[0]);
}

/**
 * The directory's colleges of an item chat's two sides: the seller's (the item's college) and the
 * buyer's, each found by the profile's city and college name; null where a profile names no
 * college of the directory.
 */
export async function collegesOfChat(
  db: Db,
  chatId: string,
): Promise<{ item: CollegeRef | null; buyer: CollegeRef | null }> {
  const result = await db.execute(sql`
    select
      (select json_build_object('id', c.id, 'name', c.name, 'city', c.city)
         from users s join colleges c on c.city = s.city and c.name = s.college
         where s.id = ch.seller_id limit 1) as item,
      (select json_build_object('id', c.id, 'name', c.name, 'city', c.city)
         from chat_members m join users b on b.id = m.user_id
           join colleges c on c.city = b.city and c.name = b.college
         where m.chat_id = ch.id and m.user_id is distinct from ch.seller_id limit 1) as buyer
    from chats ch where ch.id = ${chatId}`);
  const [row] = rowsOf<{ item: CollegeRef | null; buyer: CollegeRef | null }>(result);
  return { item: row?.item ?? null, buyer: row?.buyer ?? null };
}

/** The approved spots of some colleges, in the order of the colleges given, each college's by name. */
export async function listApprovedSpots(db: Db, collegeIds: string[]): Promise<MeetupSpotRow[]> {
  if (collegeIds.length === 0) return [];
  const rows = await db
    .select()
    .from(meetupSpots)
    .where(and(inArray(meetupSpots.collegeId, collegeIds), eq(meetupSpots.status, "approved")))
    .orderBy(asc(meetupSpots.name));
  return collegeIds.flatMap((id) => rows.filter((row) => row.collegeId === id));
}

export function findSpot(db: Db, id: string): Promise<MeetupSpotRow | undefined> {
  return db
    .select()
    .from(meetupSpots)
    .where(eq(meetupSpots.id, id))
    .then((rows) => rows[0]);
}

/** Every spot with its college, waiting suggestions first, then by city, college and name. */
export function listAllSpots(db: Db) {
  return db
    .select({ spot: meetupSpots, collegeName: colleges.name, city: colleges.city })
    .from(meetupSpots)
    .innerJoin(colleges, eq(colleges.id, meetupSpots.collegeId))
    .orderBy(
      desc(sql`${meetupSpots.status} = 'pending'`),
      asc(colleges.city),
      asc(colleges.name),
      asc(meetupSpots.name),
    );
}

/** Adds a spot; undefined when the college has one of that name already (any case). */
export async function insertSpot(
  db: Db,
  values: Pick<MeetupSpotRow, "collegeId" | "name" | "directions" | "status" | "suggestedBy">,
): Promise<MeetupSpotRow | undefined> {
  const [row] = await db.insert(meetupSpots).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateSpot(
  db: Db,
  id: string,
  values: Partial<Pick<MeetupSpotRow, "name" | "directions" | "status">>,
): Promise<MeetupSpotRow | undefined> {
  const [row] = await db.update(meetupSpots).set(values).where(eq(meetupSpots.id, id)).returning();
  return row;
}

export async function deleteSpot(db: Db, id: string): Promise<MeetupSpotRow | undefined> {
  const [row] = await db.delete(meetupSpots).where(eq(meetupSpots.id, id)).returning();
  return row;
}

export async function insertMeetup(db: Db, values: typeof meetups.$inferInsert): Promise<MeetupRow> {
  const [row] = await db.insert(meetups).values(values).returning();
  if (!row) throw new Error("The meetup was not stored.");
  return row;
}

export function findMeetup(db: Db, id: string): Promise<MeetupRow | undefined> {
  return db
    .select()
    .from(meetups)
    .where(eq(meetups.id, id))
    .then((rows) => rows[0]);
}

/** The meetup's row, locked until the transaction ends: two answers to it take turns. */
export function lockMeetup(db: Db, chatId: string, id: string): Promise<MeetupRow | undefined> {
  return db
    .select()
    .from(meetups)
    .where(and(eq(meetups.id, id), eq(meetups.chatId, chatId)))
    .for("update")
    .then((rows) => rows[0]);
}

/** A chat's meetups, newest first. */
export function listChatMeetups(db: Db, chatId: string): Promise<MeetupRow[]> {
  return db
    .select()
    .from(meetups)
    .where(eq(meetups.chatId, chatId))
    .orderBy(desc(meetups.createdAt), desc(meetups.id))
    .limit(50);
}

/** Marks a chat's meetups of a state 'replaced' (but `except`); returns how many. */
export async function replaceMeetups(
  db: Db,
  chatId: string,
  status: MeetupStatus,
  except?: string,
): Promise<number> {
  const rows = await db
    .update(meetups)
    .set({ status: "replaced" })
    .where(
      and(
        eq(meetups.chatId, chatId),
        eq(meetups.status, status),
        except ? sql`${meetups.id} <> ${except}` : undefined,
      ),
    )
    .returning({ id: meetups.id });
  return rows.length;
}

export async function acceptMeetup(db: Db, id: string, at: Date): Promise<MeetupRow | undefined> {
  const [row] = await db
    .update(meetups)
    .set({ status: "accepted", acceptedAt: at })
    .where(and(eq(meetups.id, id), eq(meetups.status, "proposed")))
    .returning();
  return row;
}

/** Accepted meetups within the reminder's lead of `now`, not yet reminded and not yet begun. */
export function findDueReminders(db: Db, now: Date, leadMs: number, limit: number): Promise<MeetupRow[]> {
  return db
    .select()
    .from(meetups)
    .where(
      and(
        eq(meetups.status, "accepted"),
        isNull(meetups.remindedAt),
        lte(meetups.startsAt, new Date(now.getTime() + leadMs)),
        sql`${meetups.startsAt} > ${now.toISOString()}`,
      ),
    )
    .orderBy(asc(meetups.startsAt))
    .limit(limit);
}

/**
 * Claims a meetup's reminder: true for the one transaction that marks it reminded (another
 * instance's pass waits on the row and then finds it taken).
 */
export async function claimReminder(db: Db, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(meetups)
    .set({ remindedAt: at })
    .where(and(eq(meetups.id, id), eq(meetups.status, "accepted"), isNull(meetups.remindedAt)))
    .returning({ id: meetups.id });
  return rows.length === 1;
}

export function chatMemberIds(db: Db, chatId: string): Promise<string[]> {
  return db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(eq(chatMembers.chatId, chatId))
    .then((rows) => rows.map((row) => row.userId));
}

/** The directory's college of a city and name. */
export function findCollegeNamed(db: Db, city: string, name: string): Promise<CollegeRef | undefined> {
  return db
    .select({ id: colleges.id, name: colleges.name, city: colleges.city })
    .from(colleges)
    .where(and(eq(colleges.city, city), eq(colleges.name, name)))
    .then((rows) => rows[0]);
}
