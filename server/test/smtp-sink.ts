import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Mail {
  /** The envelope recipient (lower-cased). */
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> — give it to the server as SMTP_URL. */
  url: string;
  port: number;
  /** Every message received so far, oldest first (one entry per recipient). */
  messages: Mail[];
  /** SMTP sessions opened so far. */
  sessions(): number;
  /**
   * Answers RCPT TO `to` with `code` (451: try later; 550: refused) for its next `times` attempts, as a relay that
   * is down or refusing; Infinity refuses for good.
   */
  refuse(to: string, times: number, code?: number): void;
  /** Resolves once `count` attempts to `to` have been refused in all. */
  waitForRefusals(to: string, count: number, timeoutMs?: number): Promise<void>;
  /** Resolves with the first message to `to` not yet returned by an earlier waitFor. */
  waitFor(to: string, timeoutMs?: number): Promise<Mail>;
  close(): Promise<void>;
}

/** A real SMTP server on a random local port that keeps what it receives (the mail boundary in tests). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: Mail[] = [];
  const taken = new Set<Mail>();
  const waiters: Array<() => void> = [];
  const refusing = new Map<string, { left: number; code: number }>();
  const refused = new Map<string, number>();
  let sessions = 0;
  const server = new SMTPServer({
    onConnect(_session, done) {
      sessions++;
      done();
    },
    onRcptTo(address, _session, done) {
      const to = address.address.toLowerCase();
      const rule = refusing.get(to);
      if (!rule || rule.left <= 0) return done();
      rule.left--;
      refused.set(to, (refused.get(to) ?? 0) + 1);
      waiters.splice(0).forEach((w) => w());
      done(Object.assign(new Error(rule.code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: rule.code }));
    },
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const parsed = parseMime(Buffer.concat(chunks).toString('utf8'));
        for (const r of session.envelope.rcptTo) messages.push({ to: r.address.toLowerCase(), ...parsed });
        waiters.splice(0).forEach((w) => w());
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** Resolves when `ready()` holds, re-checked after every message or refusal; rejects after timeoutMs. */
  const until = (ready: () => boolean, what: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${what} within ${timeoutMs} ms`)), timeoutMs);
      const check = () => {
        if (!ready()) return void waiters.push(check);
        clearTimeout(timer);
        resolve();
      };
      check();
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    sessions: () => sessions,
    refuse(to, times, code = 451) {
      refusing.set(to.toLowerCase(), { left: times, code });
    },
    waitForRefusals(to, count, timeoutMs = 10_000) {
      const address = to.toLowerCase();
      return until(() => (refused.get(address) ?? 0) >= count, `no ${count} refusals to ${to}`, timeoutMs);
    },
    waitFor(to, timeoutMs = 5000) {
      const address = to.toLowerCase();
      return new Promise<Mail>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          const found = messages.find((m) => !taken.has(m) && m.to === address);
          if (!found) return void waiters.push(check);
          taken.add(found);
          clearTimeout(timer);
          resolve(found);
        };
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- a small MIME reader: enough for what nodemailer sends (multipart/alternative, QP/base64/7bit) ---

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding = ''): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => `%${h}`);
  try {
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  } catch {
    return bytes;
  }
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=\s*/gi, (_, _cs: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function parseMime(raw: string): Omit<Mail, 'to'> {
  const { headers, body } = splitHeaders(raw);
  const out = { subject: decodeWords(headers.get('subject') ?? ''), text: '', html: '' };
  const visit = (h: Map<string, string>, b: string) => {
    const type = h.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const part of b.split(`--${boundary}`).slice(1)) {
        if (part.startsWith('--')) break;
        const p = splitHeaders(part.replace(/^\r?\n/, ''));
        visit(p.headers, p.body.replace(/\r?\n$/, ''));
      }
    } else if (type.toLowerCase().startsWith('text/html')) out.html ||= decodeBody(b, h.get('content-transfer-encoding'));
    else if (type.toLowerCase().startsWith('text/plain')) out.text ||= decodeBody(b, h.get('content-transfer-encoding'));
  };
  visit(headers, body);
  return out;
}
