import { and, arrayContains, asc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { idVerifications, imageVariants, items, messages, uploads, users } from "../../db/schema";
import type { Bucket } from "../../plugins/storage";

export interface UploadKey {
  bucket: Bucket;
  key: string;
}

export type NewUpload = typeof uploads.$inferInsert;

/** Records a stored file; false when the key is taken. */
export async function insertUpload(db: Db, row: NewUpload): Promise<boolean> {
  const inserted = await db.insert(uploads).values(row).onConflictDoNothing().returning({ key: uploads.key });
  return inserted.length > 0;
}

/**
 * Holds one student's upload lock until the transaction ends, so two uploads of theirs at once
 * cannot both pass the daily quota on the same sum.
 */
export async function lockUploadsOf(db: Db, ownerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${ownerId}`}, 0))`);
}

export interface DailyUse {
  /** Bytes the student stored in the last 24 hours. */
  bytes: number;
  /**
   * Seconds until enough of those uploads are 24 hours old for `adding` more bytes to fit in
   * `maxBytes`; null when they never will (`adding` alone is over it).
   */
  secondsUntilRoom: number | null;
}

/** One student's stored bytes of the last day, and when `adding` more would fit (the quota's refusal). */
export async function dailyUseOf(
  db: Db,
  ownerId: string,
  quota: { adding: number; maxBytes: number },
): Promise<DailyUse> {
  const result = await db.execute(sql`
    with recent as (
      select ${uploads.createdAt} as created_at, ${uploads.bytes} as bytes,
        sum(${uploads.bytes}) over (order by ${uploads.createdAt}, ${uploads.key} rows unbounded preceding) as aged,
        sum(${uploads.bytes}) over () as total
      from ${uploads}
      where ${uploads.ownerId} = ${ownerId} and ${uploads.createdAt} > now() - interval '1 day'
    )
    select
      (select coalesce(sum(bytes), 0) from recent)::bigint as bytes,
      (select greatest(1, ceil(extract(epoch from (created_at + interval '1 day' - now()))))::int
        from recent where total - aged + ${quota.adding}::bigint <= ${quota.maxBytes}::bigint
        order by created_at limit 1) as seconds_until_room`);
  const [row] = rowsOf<{ bytes: string | number; seconds_until_room: number | null }>(result);
  return { bytes: Number(row?.bytes ?? 0), secondsUntilRoom: row?.seconds_until_room ?? null };
}

export async function findUpload(db: Db, bucket: Bucket, key: string) {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.bucket, bucket), eq(uploads.key, key)))
    .limit(1);
  return row;
}

/** Forgets a stored file; its variants' rows go with it. */
export async function deleteUpload(db: Db, { bucket, key }: UploadKey): Promise<void> {
  await db.delete(uploads).where(and(eq(uploads.bucket, bucket), eq(uploads.key, key)));
}

/** True while an item shows the image, a profile shows the photo, or a chat message the photo. */
export async function isUploadInUse(db: Db, { bucket, key }: UploadKey): Promise<boolean> {
  const url = `/api/files/${bucket}/${key}`;
  const [row] =
    bucket === "images"
      ? await db
          .select({ id: items.id })
          .from(items)
          .where(or(eq(items.productImage, url), arrayContains(items.images, [url])))
          .limit(1)
      : bucket === "chats"
        ? await db.select({ id: messages.id }).from(messages).where(eq(messages.photoKey, key)).limit(1)
        : bucket === "ids"
          ? await db
              .select({ id: idVerifications.id })
              .from(idVerifications)
              .where(eq(idVerifications.photoKey, key))
              .limit(1)
          : await db.select({ id: users.id }).from(users).where(eq(users.profilePhoto, url)).limit(1);
  return row !== undefined;
}

export async function uploadsOwnedBy(db: Db, ownerId: string): Promise<UploadKey[]> {
  return (await db
    .select({ bucket: uploads.bucket, key: uploads.key })
    .from(uploads)
    .where(eq(uploads.ownerId, ownerId))) as UploadKey[];
}

/**
 * Uploads older than the cut-off that no item, no profile and no chat message shows: a Sell form
 * left before posting, a photo replaced before the profile was saved, a chat photo never sent.
 */
export async function findUnattachedUploads(db: Db, olderThan: Date, limit: number): Promise<UploadKey[]> {
  return (await db
    .select({ bucket: uploads.bucket, key: uploads.key })
    .from(uploads)
    .where(
      sql`${uploads.createdAt} < ${olderThan.toISOString()}
        and not exists (select 1 from ${items} where ${uploads.bucket} = 'images'
          and ${items.productImage} = '/api/files/images/' || ${uploads.key})
        and not exists (select 1 from ${items} where ${uploads.bucket} = 'images'
          and ${items.images} @> array['/api/files/images/' || ${uploads.key}])
        and not exists (select 1 from ${users} where ${uploads.bucket} = 'profiles'
          and ${users.profilePhoto} = '/api/files/profiles/' || ${uploads.key})
        and not exists (select 1 from ${messages} where ${uploads.bucket} = 'chats'
          and ${messages.photoKey} = ${uploads.key})
        and not exists (select 1 from ${idVerifications} where ${uploads.bucket} = 'ids'
          and ${idVerifications.photoKey} = ${uploads.key})`,
    )
    .orderBy(asc(uploads.createdAt))
    .limit(limit)) as UploadKey[];
}

export interface VariantRow {
  bucket: Bucket;
  key: string;
  variant: string;
  format: string;
  bytes: number;
}

/** Records a cached copy; false when its upload is gone (removed while the copy was being made). */
export async function recordVariant(db: Db, row: VariantRow): Promise<boolean> {
  const inserted = await db
    .insert(imageVariants)
    .select(
      db
        .select({
          bucket: uploads.bucket,
          key: uploads.key,
          variant: sql<string>`${row.variant}::text`.as("variant"),
          format: sql<string>`${row.format}::text`.as("format"),
          bytes: sql<number>`${row.bytes}::int`.as("bytes"),
          usedAt: sql<Date>`now()`.as("used_at"),
        })
        .from(uploads)
        .where(and(eq(uploads.bucket, row.bucket), eq(uploads.key, row.key))),
    )
    .onConflictDoUpdate({
      target: [imageVariants.bucket, imageVariants.key, imageVariants.variant, imageVariants.format],
      set: { bytes: row.bytes, usedAt: sql`now()` },
    })
    .returning({ key: imageVariants.key });
  return inserted.length > 0;
}

/** The cached copy of one size and format of one picture. */
function isVariant(row: Omit<VariantRow, "bytes">) {
  return and(
    eq(imageVariants.bucket, row.bucket),
    eq(imageVariants.key, row.key),
    eq(imageVariants.variant, row.variant),
    eq(imageVariants.format, row.format),
  );
}

/** Marks a cached copy as used; written at most once a day per copy, so serving stays a read. */
export async function touchVariant(db: Db, row: Omit<VariantRow, "bytes">): Promise<void> {
  await db
    .update(imageVariants)
    .set({ usedAt: sql`now()` })
    .where(and(isVariant(row), sql`${imageVariants.usedAt} < now() - interval '1 day'`));
}

export async function cachedBytes(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${imageVariants.bytes}), 0)` })
    .from(imageVariants);
  return Number(row?.total ?? 0);
}

export async function leastRecentlyUsedVariants(db: Db, limit: number): Promise<VariantRow[]> {
  return (await db
    .select({
      bucket: imageVariants.bucket,
      key: imageVariants.key,
      variant: imageVariants.variant,
      format: imageVariants.format,
      bytes: imageVariants.bytes,
    })
    .from(imageVariants)
    .orderBy(asc(imageVariants.usedAt))
    .limit(limit)) as VariantRow[];
}

export async function deleteVariant(db: Db, row: Omit<VariantRow, "bytes">): Promise<void> {
  await db.delete(imageVariants).where(isVariant(row));
}
