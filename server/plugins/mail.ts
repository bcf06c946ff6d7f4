import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about (it carries a one-time token: it goes in the mail, never the log). */
  link?: string;
  /** Extra headers, e.g. List-Unsubscribe on a mail a student may turn off. */
  headers?: Record<string, string>;
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
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
      },
    };
  }
  const folder = path.join(options.dataDir, "mail");
  return {
    async send(mail) {
      await fs.mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}.eml`;
      const file = path.join(folder, name);
      const extra = Object.entries(mail.headers ?? {})
        .map(([name, value]) => `${name}: ${value}\n`)
        .join("");
      const headers = `From: ${options.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n${extra}\n`;
      await fs.writeFile(file, headers + mail.text);
      // Without SMTP the operator opens the file for the link; the log names the file only.
      options.log.info({ mailFile: file }, `mail written: ${mail.subject}`);
    },
  };
}
