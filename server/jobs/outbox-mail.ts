import type { Db } from "../db/client";
import { isMailSubject, type Mailer, type MailSubject } from "../plugins/mail";
import { insertOutboxRow, type OutboxSender } from "./outbox";

/** An outbox row that is a whole mail: to, subject and text. */
export const MAIL_KIND = "mail";

export interface QueuedMail {
  to: string;
  subject: MailSubject;
  text: string;
  /** An HTML part beside the text. */
  html?: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
  /** An iCalendar part sent with the text (a cancelled event's METHOD:CANCEL). */
  calendar?: { method: "CANCEL" | "PUBLISH"; content: string };
}

/**
 * Queues a mail in the outbox. Called in the transaction of the change the mail is about, it leaves
 * once that commits and survives a restart; the worker retries it while the mail server refuses.
 * Kick the worker after the commit (ctx.outbox.kick) so it leaves at once.
 */
export async function enqueueMail(db: Db, mail: QueuedMail): Promise<void> {
  const { headers, html, calendar, ...rest } = mail;
  await insertOutboxRow(db, {
    kind: MAIL_KIND,
    payload: {
      ...rest,
      ...(html ? { html } : {}),
      ...(headers ? { headers: JSON.stringify(headers) } : {}),
      ...(calendar ? { calendarMethod: calendar.method, calendar: calendar.content } : {}),
    },
  });
}

export function createMailSender(mailer: Mailer): OutboxSender {
  return async (row) => {
    const { to, subject, text, html, headers, calendar, calendarMethod } = row.payload;
    if (!to || !subject || text === undefined)
      throw new Error("the queued mail has no address, subject or text");
    if (!isMailSubject(subject)) throw new Error("the queued mail's subject is not one of the server's own");
    await mailer.send({
      to,
      subject,
      text,
      ...(html ? { html } : {}),
      ...(headers ? { headers: JSON.parse(headers) } : {}),
      ...(calendar
        ? { calendar: { method: calendarMethod === "CANCEL" ? "CANCEL" : "PUBLISH", content: calendar } }
        : {}),
    });
  };
}
