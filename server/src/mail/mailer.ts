import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import { mailFailures } from '../metrics.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OutboxEntry extends MailMessage {
  id: string;
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The development outbox (newest first); empty when mail goes out through SMTP. */
  outbox(): Promise<OutboxEntry[]>;
  /** Closes the SMTP connections kept open for the next mail (at shutdown). */
  close(): void;
}

/** SMTP_URL set: real mail through nodemailer. Unset: the development outbox file in DATA_DIR (and the log). */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>, log: Logger): Mailer {
  const mailer = createTransportMailer(config, log);
  const transport = config.SMTP_URL ? 'smtp' : 'outbox';
  return {
    ...mailer,
    // Counted here, once for every caller; the callers still decide what a failure means to the user.
    send: (m) =>
      mailer.send(m).catch((err: unknown) => {
        mailFailures.inc({ transport });
        throw err;
      }),
  };
}

function createTransportMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>, log: Logger): Mailer {
  if (config.SMTP_URL) {
    // A pool: one SMTP session carries many mails (a relay's greeting alone can take 100 ms or more, and waitlist
    // confirmations go out in batches), and a session idle for 30 s is closed.
    const transport = nodemailer.createTransport({ url: config.SMTP_URL, pool: true, idleTimeout: 30_000 });
    return {
      async send(m) {
        await transport.sendMail({ from: config.MAIL_FROM, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
      outbox: async () => [],
      close: () => transport.close(),
    };
  }
  const file = path.resolve(config.DATA_DIR, 'outbox.jsonl');
  let seq = 0;
  return {
    async send(m) {
      const entry: OutboxEntry = { ...m, id: `${Date.now()}-${++seq}`, sentAt: new Date().toISOString() };
      await mkdir(path.dirname(file), { recursive: true });
      await appendFile(file, JSON.stringify(entry) + '\n', { mode: 0o600 });
      log.info({ to: m.to, subject: m.subject }, 'mail written to the development outbox');
    },
    async outbox() {
      const text = await readFile(file, 'utf8').catch(() => '');
      return text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as OutboxEntry)
        .reverse();
    },
    close() {},
  };
}
