import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

/**
 * Every subject the server sends: the platform's own words and numbers, never a name or an item's
 * title. A subject is what an inbox lists, and a name such as "Campus Bazaar Security" quoted there
 * would speak for the platform; free text goes in the body, after the greeting.
 */
export const MAIL_SUBJECTS = {
  verify: "Verify your Campus Bazaar email address",
  reset: "Reset your Campus Bazaar password",
  passwordChanged: "Your Campus Bazaar password was changed",
  suspended: "Your Campus Bazaar account is suspended",
  suspensionLifted: "Your Campus Bazaar suspension was lifted",
  collegeCode: "Your Campus Bazaar college verification code",
  eventCancelled: "An event you were interested in was cancelled",
} as const;
/** The e-mail digest's subject: a count, nothing typed by anyone. */
export type DigestSubject = `You have ${number} unread ${"message" | "messages"} on Campus Bazaar`;
export type MailSubject = (typeof MAIL_SUBJECTS)[keyof typeof MAIL_SUBJECTS] | DigestSubject;

const DIGEST_SUBJECT = /^You have \d+ unread messages? on Campus Bazaar$/;
const FIXED_SUBJECTS: ReadonlySet<string> = new Set(Object.values(MAIL_SUBJECTS));

/** For a subject read back from the outbox: one of the server's own. */
export function isMailSubject(value: string): value is MailSubject {
  return FIXED_SUBJECTS.has(value) || DIGEST_SUBJECT.test(value);
}

export interface OutgoingMail {
  to: string;
  subject: MailSubject;
  text: string;
  /** An HTML part beside the text (the digest); the text part stays for clients that read plain text. */
  html?: string;
  /** The one link the mail is about (it carries a one-time token: it goes in the mail, never the log). */
  link?: string;
  /** Extra headers, e.g. List-Unsubscribe on a mail a student may turn off. */
  headers?: Record<string, string>;
  /** An iCalendar part (METHOD:CANCEL for a cancelled event), so the mail app updates its calendar. */
  calendar?: { method: "CANCEL" | "PUBLISH"; content: string };
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** SMTP when a URL is configured; otherwise each mail becomes a file under DATA_DIR/mail. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  /** How long the mail server may take to connect, greet and answer; the outbox's deadline. */
  timeoutMs?: number;
}): Mailer {
  if (options.smtpUrl) {
    // Past the outbox's deadline the attempt has failed: the connection must not linger after it.
    const timeouts = options.timeoutMs
      ? {
          connectionTimeout: options.timeoutMs,
          greetingTimeout: options.timeoutMs,
          socketTimeout: options.timeoutMs,
        }
      : {};
    const transport = nodemailer.createTransport({ url: options.smtpUrl, ...timeouts });
    return {
      async send(mail) {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
          ...(mail.calendar
            ? {
                icalEvent: {
                  method: mail.calendar.method,
                  filename: "event.ics",
                  content: mail.calendar.content,
                },
              }
            : {}),
        });
      },
    };
  }
  const folder = path.join(options.dataDir, "mail");
  // A mail with an HTML part is written as the whole MIME message (text and HTML alternatives).
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      await fs.mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}.eml`;
      const file = path.join(folder, name);
      if (mail.html) {
        const built = await composer.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        await fs.writeFile(file, built.message as Buffer);
        options.log.info({ mailFile: file }, `mail written: ${mail.subject}`);
        return;
      }
      const extra = Object.entries(mail.headers ?? {})
        .map(([name, value]) => `${name}: ${value}\n`)
        .join("");
      const headers = `From: ${options.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n${extra}\n`;
      const calendar = mail.calendar
        ? `\n\n--- text/calendar; method=${mail.calendar.method} ---\n${mail.calendar.content}`
        : "";
      await fs.writeFile(file, headers + mail.text + calendar);
      // Without SMTP the operator opens the file for the link; the log names the file only.
      options.log.info({ mailFile: file }, `mail written: ${mail.subject}`);
    },
  };
}
