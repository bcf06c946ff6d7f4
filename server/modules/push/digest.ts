import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { chatPath } from "@shared/notification-links";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import { appSecretsOf } from "../../db/app-secrets";
import type { Db } from "../../db/client";
import { enqueueMail } from "../../jobs/outbox-mail";
import { escapeHtml } from "../../lib/escape-html";
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

/** One chat of the digest: who wrote, about what, how many unread, and the chat's own address. */
export interface DigestLine {
  chat_id: string | null;
  from_name: string | null;
  about: string | null;
  unread: number;
}

/**
 * The digest as a plain-text part and an HTML part with the same words: each chat links to itself,
 * so a tap opens that conversation. Names and titles are the students' own text, escaped in HTML.
 */
export function digestBody(
  publicUrl: string,
  unread: number,
  lines: DigestLine[],
  unsubscribe: string,
): { text: string; html: string } {
  const entries = lines.map((line) => {
    const label = `${line.from_name ?? "A student"}${line.about ? ` about ${line.about}` : ""}`;
    const count = `${line.unread} unread`;
    const url = `${publicUrl}${line.chat_id ? chatPath(line.chat_id) : "/messages"}`;
    return { label, count, url };
  });
  const settings = `${publicUrl}/settings`;
  const text = [
    `${digestSubject(unread)}:`,
    "",
    ...entries.map((entry) => `- ${entry.label} (${entry.count}): ${entry.url}`),
    "",
    `Read them: ${publicUrl}/messages`,
    "",
    "You get this e-mail because push notifications are off. Turn these e-mails off in Settings",
    `(${settings}) or with one click: ${unsubscribe}`,
  ].join("\n");
  const link = (href: string, words: string, style = "color:#4338ca") =>
    `<a href="${escapeHtml(href)}" style="${style}">${escapeHtml(words)}</a>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(digestSubject(unread))}</title></head>
<body style="margin:0;padding:16px;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a;background:#f8fafc">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:20px">
<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(digestSubject(unread))}</h1>
<ul style="list-style:none;padding:0;margin:0 0 16px">
${entries.map((entry) => `<li style="padding:10px 0;border-top:1px solid #e2e8f0">${link(entry.url, entry.label, "color:#4338ca;font-weight:600;text-decoration:none")}<br><span style="font-size:13px;color:#475569">${escapeHtml(entry.count)}</span></li>`).join("\n")}
</ul>
<p style="margin:0 0 20px">${link(`${publicUrl}/messages`, "Read them", "display:inline-block;background:#4338ca;color:#ffffff;padding:10px 16px;border-radius:8px;text-decoration:none;font-weight:600")}</p>
<p style="font-size:13px;color:#475569;margin:0">You get this e-mail because push notifications are off. Turn these e-mails off in ${link(settings, "Settings")} or ${link(unsubscribe, "unsubscribe with one click")}.</p>
</div></body></html>`;
  return { text, html };
}

/** How long the unsubscribe page's button stays good after the page was shown. */
const PAGE_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * The unsubscribe page's own form token: signed, for this student, and dated. A post whose Origin
 * the browser hid ('null') and that carries no Sec-Fetch-Site must carry it; another site cannot
 * read the page to take one.
 */
export async function unsubscribePageToken(db: Db, userId: string, now = Date.now()): Promise<string> {
  const issued = Math.floor(now / 1000).toString();
  const mac = createHmac("sha256", await unsubscribeKey(db))
    .update(`unsubscribe-page:${userId}:${issued}`)
    .digest("base64url");
  return `${issued}.${mac}`;
}

export async function isUnsubscribePageToken(
  db: Db,
  userId: string,
  token: string,
  now = Date.now(),
): Promise<boolean> {
  const [issued, mac] = token.split(".");
  if (!issued || !mac || !/^\d{1,12}$/.test(issued)) return false;
  const age = now - Number(issued) * 1000;
  if (age < -60_000 || age > PAGE_TOKEN_TTL_MS) return false;
  const expected = Buffer.from(
    createHmac("sha256", await unsubscribeKey(db))
      .update(`unsubscribe-page:${userId}:${issued}`)
      .digest("base64url"),
  );
  const given = Buffer.from(mac);
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
      const body = digestBody(ctx.config.publicUrl, student.unread, lines, unsubscribe);
      await enqueueMail(tx, {
        to: student.email,
        subject: digestSubject(student.unread),
        ...body,
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
