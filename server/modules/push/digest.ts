import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { appSecretsOf } from "../../db/app-secrets";
import type { Db } from "../../db/client";
import { enqueueMail } from "../../jobs/outbox-mail";
import type { DigestSubject } from "../../plugins/mail";
import * as repo from "./push.repository";

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
    const due = await repo.claimDueDigests(tx, {
      unreadFor: UNREAD_FOR,
      atMostEvery: AT_MOST_EVERY,
      batch: BATCH,
    });
    for (const student of due) {
      const lines = await repo.unreadMessageLines(tx, student.user_id, LISTED);
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
  await repo.turnDigestOff(db, userId);
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
