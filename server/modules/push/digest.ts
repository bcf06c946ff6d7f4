import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { enqueueMail } from "../../jobs/outbox-mail";
import type { DigestSubject } from "../../plugins/mail";
import { appSecretsOf } from "./app-secret";

/** Unread messages younger than this wait: the student may still be on their way to read them. */
const UNREAD_FOR = "30 minutes";
/** At most one e-mail per student in this time. */
const AT_MOST_EVERY = "6 hours";
/** How often any instance looks for students to e-mail. */
const DIGEST_EVERY_MS = 5 * 60 * 1000;
/** Students handled per pass; the next pass takes the rest. */
const BATCH = 200;
/** Senders and items listed in one e-mail. */
const LISTED = 5;

const UNSUBSCRIBE_SECRET = "unsubscribe_key" as const;

type DigestContext = Pick<AppContext, "db" | "config">;

async function unsubscribeKey(db: Db): Promise<string> {
  const kept = await appSecretsOf(db, () => ({
    [UNSUBSCRIBE_SECRET]: randomBytes(32).toString("base64url"),
  }));
  return kept[UNSUBSCRIBE_SECRET];
}

function tokenFor(key: string, userId: string): string {
  return createHmac("sha256", key).update(`unsubscribe:${userId}`).digest("base64url");
}

/** The one-click unsubscribe address of a student's unread-messages e-mail (RFC 8058). */
export async function unsubscribeUrl(ctx: DigestContext, userId: string): Promise<string> {
  const token = tokenFor(await unsubscribeKey(ctx.db), userId);
  return `${ctx.config.publicUrl}/api/email/unsubscribe?user=${userId}&token=${token}`;
}

/** Whether the token is the one this server put in that student's e-mail. */
export async function isUnsubscribeToken(db: Db, userId: string, token: string): Promise<boolean> {
  const expected = Buffer.from(tokenFor(await unsubscribeKey(db), userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface DueStudent {
  user_id: string;
  email: string;
  unread: number;
}

interface UnreadLine {
  from_name: string | null;
  about: string | null;
}

export function digestSubject(unread: number): DigestSubject {
  return `You have ${unread} unread ${unread === 1 ? "message" : "messages"} on Campus Bazaar`;
}

/**
 * One pass: every student with unread messages older than 30 minutes, a verified e-mail address,
 * no push device and the e-mail turned on, not mailed in the last 6 hours and with a message since
 * the last e-mail, gets one e-mail through the outbox. Each student is claimed by setting
 * last_digest_at in the transaction that queues the mail: two instances never both mail a student,
 * and a restart loses nothing (the next pass finds whoever is still due). Returns how many were queued.
 */
export async function runDigests(ctx: DigestContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = rowsOf<DueStudent>(
      await tx.execute(sql`
      with candidates as (
        select u.id, u.email, count(n.id)::int as unread
        from users u
        join notifications n on n.user_id = u.id and not n.is_read
          and n.type in ('message', 'offer', 'recruitment_message')
        left join notification_settings s on s.user_id = u.id
        where u.email_verified and u.deleted_at is null and u.role = 'student'
          and coalesce(s.email_digest, true)
          and (s.last_digest_at is null or s.last_digest_at < now() - interval '${sql.raw(AT_MOST_EVERY)}')
          and not exists (select 1 from push_subscriptions p where p.user_id = u.id)
        group by u.id, u.email, s.last_digest_at
        having min(n.created_at) < now() - interval '${sql.raw(UNREAD_FOR)}'
          and max(n.created_at) > coalesce(s.last_digest_at, '-infinity'::timestamptz)
        limit ${BATCH}
      ),
      claimed as (
        insert into notification_settings (user_id, last_digest_at)
        select id, now() from candidates
        on conflict (user_id) do update set last_digest_at = now()
          where notification_settings.last_digest_at is null
            or notification_settings.last_digest_at < now() - interval '${sql.raw(AT_MOST_EVERY)}'
        returning user_id
      )
      select c.id as user_id, c.email, c.unread from candidates c join claimed on claimed.user_id = c.id
    `),
    );
    for (const student of due) {
      const lines = rowsOf<UnreadLine>(
        await tx.execute(sql`
        select f.name as from_name, coalesce(c.recruitment_purpose, nullif(c.item_name, '')) as about
        from notifications n
        left join users f on f.id = n.from_user_id
        left join chats c on c.id = n.chat_id
        where n.user_id = ${student.user_id} and not n.is_read
          and n.type in ('message', 'offer', 'recruitment_message')
        group by f.name, c.recruitment_purpose, c.item_name
        order by max(n.created_at) desc
        limit ${LISTED}
      `),
      );
      const unsubscribe = await unsubscribeUrl({ db: tx, config: ctx.config }, student.user_id);
      const listed = lines.map(
        (line) => `- ${line.from_name ?? "A student"}${line.about ? ` about ${line.about}` : ""}`,
      );
      await enqueueMail(tx, {
        to: student.email,
        subject: digestSubject(student.unread),
        text: [
          `${digestSubject(student.unread)}:`,
          "",
          ...listed,
          "",
          `Read them: ${ctx.config.publicUrl}/messages`,
          "",
          "You get this e-mail because push notifications are off. Turn these e-mails off in Settings",
          `(${ctx.config.publicUrl}/settings) or with one click: ${unsubscribe}`,
        ].join("\n"),
        headers: {
          "List-Unsubscribe": `<${unsubscribe}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
    }
    return due.length;
  });
}

/** Turns the unread-messages e-mail off for a student, from the link in it. */
export async function unsubscribeDigest(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    insert into notification_settings (user_id, email_digest) values (${userId}, false)
    on conflict (user_id) do update set email_digest = false
  `);
}

/** Runs digests every few minutes on every instance; the claim in runDigests keeps them apart. */
export function startDigests(
  ctx: DigestContext & { outbox?: { kick(): Promise<void> } },
  log: FastifyBaseLogger,
): () => void {
  const timer = setInterval(() => {
    runDigests(ctx)
      .then((queued) => {
        if (queued > 0) void ctx.outbox?.kick();
      })
      .catch((error) => log.warn({ err: error }, "unread-messages e-mails failed"));
  }, DIGEST_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
