// Issue 38 item 7: a waitlist confirmation leaves the queue only once the SMTP server accepted it; refusals are
// retried on a schedule (not on the next join) with backoff, given up after WAITLIST_MAIL_MAX_ATTEMPTS and kept;
// operators see queued, sent and failed counts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WaitlistMailCounts } from '@app/shared/admin';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../src/server.js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import { migratedPostgresDatabase, type TestDatabase } from './support/db-template.js';

let t: TestServer;
let smtp: SmtpSink;
let adminToken: string;

beforeAll(async () => {
  smtp = await startSmtpSink();
  // a short schedule so the test waits for retries, not minutes: polled every 50 ms, first retry after 0.2 s
  t = await startTestServer({
    SMTP_URL: smtp.url,
    RATE_LIMIT_DISABLED: 'true',
    WAITLIST_MAIL_POLL_SECONDS: '0.05',
    WAITLIST_MAIL_RETRY_SECONDS: '0.2',
    WAITLIST_MAIL_MAX_ATTEMPTS: '3',
  });
  const email = 'queue-boss@example.com';
  const password = 'Op3rator-Queue-Pw!';
  const created = await t.admin().auth.admin.createUser({ email, password, email_confirm: true, app_metadata: { role: 'admin' } });
  if (created.error) throw created.error;
  const signIn = await t.client().auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  adminToken = signIn.data.session!.access_token;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
}, 30_000);

const join = (email: string) =>
  fetch(`${t.url}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Queue Tester', email }),
  });

const counts = async (token = adminToken) => {
  const res = await fetch(`${t.url}/api/admin/waitlist/mail`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as WaitlistMailCounts };
};

const row = async (email: string) => {
  const { rows } = await t.server.ctx.db.query<{ status: string; attempts: number; last_error: string | null; sent_at: string | null }>(
    `select q.status, q.attempts, q.last_error, q.sent_at from internal.waitlist_confirmations q
       join public.ebook_subscribers s on s.id = q.subscriber_id where s.email = $1`,
    [email],
  );
  return rows[0];
};

describe(`waitlist confirmation queue (${SERVICE_DB})`, () => {
  it('retries a refused confirmation on its schedule, without another join, and delivers it once', async () => {
    const email = 'retry-me@example.com';
    smtp.refuse(email, 2, 451);
    expect((await join(email)).status).toBe(201); // the subscriber is in, whatever the mail did
    await smtp.waitForRefusals(email, 1);

    const mail = await smtp.waitFor(email, 20_000); // the third attempt, sent by the timer
    expect(mail.subject).toMatch(/^You're #\d+ on the .+ waitlist$/);
    await expect.poll(() => row(email), { timeout: 10_000 }).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect((await row(email))!.sent_at).not.toBeNull();
    expect(smtp.messages.filter((m) => m.to === email)).toHaveLength(1);
  });

  it('gives up after the last attempt, keeps the mail as failed with its error, and still sends the others', async () => {
    const email = 'bounces@example.com';
    smtp.refuse(email, Infinity, 550);
    expect((await join(email)).status).toBe(201);
    await smtp.waitForRefusals(email, 3, 20_000);
    await expect.poll(async () => (await row(email))?.status, { timeout: 10_000 }).toBe('failed');
    expect(await row(email)).toMatchObject({ attempts: 3, last_error: expect.stringContaining('550') });
    // the error is kept without the address it quoted
    expect((await row(email))!.last_error).not.toContain(email);

    // a later join is sent as usual, and the failed one is not tried again
    expect((await join('after-bounce@example.com')).status).toBe(201);
    await smtp.waitFor('after-bounce@example.com');
    expect((await row(email))!.attempts).toBe(3);
  });

  it('shows admins the queued, sent and failed counts, and no one else', async () => {
    const { status, body } = await counts();
    expect(status).toBe(200);
    expect(body).toEqual({ queued: 0, sent: 2, failed: 1 });
    expect((await counts('not-a-token')).status).toBe(401);
  });
});

// Several instances on one PostgreSQL each run the retry timer; their claims (SKIP LOCKED, then a lease) never overlap.
describe.runIf(SERVICE_DB === 'postgres')('waitlist confirmation queue with two instances (postgres)', () => {
  let sink: SmtpSink;
  let db: TestDatabase;
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    sink = await startSmtpSink();
    db = await migratedPostgresDatabase();
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(path.join(tmpdir(), 'svc-mail-'));
      dirs.push(dir);
      servers.push(
        await startServer(
          {
            NODE_ENV: 'test',
            PORT: '0',
            HOST: '127.0.0.1',
            DATA_DIR: dir,
            LOG_LEVEL: 'silent',
            DATABASE_URL: db.url,
            SMTP_URL: sink.url,
            RATE_LIMIT_DISABLED: 'true',
            WAITLIST_MAIL_POLL_SECONDS: '0.02',
            WAITLIST_MAIL_RETRY_SECONDS: '0.05',
          },
          { webDist: path.join(dir, 'no-web') },
        ),
      );
    }
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) await s.close();
    await db?.drop();
    await sink?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }, 30_000);

  it('delivers every retried confirmation exactly once', async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `both-${i}@example.com`);
    for (const e of emails) sink.refuse(e, 1, 451); // every first attempt fails: the timers send them all
    for (const [i, e] of emails.entries()) {
      const res = await fetch(`${servers[i % 2]!.url}/api/waitlist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Twin Tester', email: e }),
      });
      expect(res.status).toBe(201);
    }
    for (const e of emails) await sink.waitFor(e, 20_000);
    // the row is marked sent once SMTP's answer reaches the server, a moment after the sink has the message
    await vi.waitFor(
      async () => {
        const { rows } = await servers[0]!.ctx.db.query<{ status: string; n: number }>(
          'select status, count(*)::int as n from internal.waitlist_confirmations group by status',
        );
        expect(rows).toEqual([{ status: 'sent', n: emails.length }]);
      },
      { timeout: 20_000, interval: 50 },
    );
    for (const e of emails) expect(sink.messages.filter((m) => m.to === e)).toHaveLength(1);
  });
});
