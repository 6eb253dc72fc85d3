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
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on the weekly review, RFC 8058). */
  headers?: Record<string, string>;
}

export interface OutboxEntry extends MailMessage {
  id: string;
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Several at once (the waitlist's queue): the outbox in one write, SMTP one after another; one outcome per message. */
  sendAll(messages: MailMessage[]): Promise<PromiseSettledResult<void>[]>;
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
    sendAll: async (messages) => {
      const outcomes = await mailer.sendAll(messages);
      for (const o of outcomes) if (o.status === 'rejected') mailFailures.inc({ transport });
      return outcomes;
    },
  };
}

function createTransportMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>, log: Logger): Mailer {
  if (config.SMTP_URL) {
    // A pool: one SMTP session carries many mails (a relay's greeting alone can take 100 ms or more, and waitlist
    // confirmations go out in batches), and a session idle for 30 s is closed.
    const transport = nodemailer.createTransport({ url: config.SMTP_URL, pool: true, idleTimeout: 30_000 });
    const send = async (m: MailMessage) => {
      await transport.sendMail({ from: config.MAIL_FROM, to: m.to, subject: m.subject, text: m.text, html: m.html, headers: m.headers });
    };
    return {
      send,
      // one after another over the pool's session, as single sends go
      async sendAll(messages) {
        const outcomes: PromiseSettledResult<void>[] = [];
        for (const m of messages) outcomes.push(await send(m).then(settledOk, settledFailed));
        return outcomes;
      },
      outbox: async () => [],
      close: () => transport.close(),
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
  const write = async (messages: MailMessage[]) => {
    if (!messages.length) return;
    const lines = messages
      .map((m) => JSON.stringify({ ...m, id: `${Date.now()}-${++seq}`, sentAt: new Date().toISOString() } satisfies OutboxEntry) + '\n')
      .join('');
    await append(lines).catch((err: unknown) => {
      if ((err as { code?: unknown } | null)?.code !== 'ENOENT') throw err;
      folder = undefined;
      return append(lines);
    });
    for (const m of messages) log.info({ to: m.to, subject: m.subject }, 'mail written to the development outbox');
  };
  return {
    send: (m) => write([m]),
    async sendAll(messages) {
      // one write for all: the file is opened and closed once, not per mail
      const outcome = await write(messages).then(settledOk, settledFailed);
      return messages.map(() => outcome);
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

const settledOk = (): PromiseSettledResult<void> => ({ status: 'fulfilled', value: undefined });
const settledFailed = (reason: unknown): PromiseSettledResult<void> => ({ status: 'rejected', reason });
