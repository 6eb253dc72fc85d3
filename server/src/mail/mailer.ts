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
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(m) {
        await transport.sendMail({ from: config.MAIL_FROM, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
      outbox: async () => [],
    };
  }
  const file = path.resolve(config.DATA_DIR, 'outbox.jsonl');
  let seq = 0;
  // the folder is made once, not per mail (a waitlist join writes one); made again if it went away
  let folder: Promise<unknown> | undefined;
  const append = async (line: string) => {
    folder ??= mkdir(path.dirname(file), { recursive: true }).catch((err: unknown) => {
      folder = undefined;
      throw err;
    });
    await folder;
    await appendFile(file, line, { mode: 0o600 });
  };
  return {
    async send(m) {
      const entry: OutboxEntry = { ...m, id: `${Date.now()}-${++seq}`, sentAt: new Date().toISOString() };
      const line = JSON.stringify(entry) + '\n';
      await append(line).catch((err: unknown) => {
        if ((err as { code?: unknown } | null)?.code !== 'ENOENT') throw err;
        folder = undefined;
        return append(line);
      });
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
  };
}
