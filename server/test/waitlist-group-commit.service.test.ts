import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

// Group commit of waitlist joins (db/coalesce.ts, docs/decisions/0065): on PostgreSQL concurrent joins share one
// transaction, each in its own savepoint. Whatever the grouping, every caller must get its own position at once,
// positions must be exactly 1..n, and a failing join must fail alone with its own error. On PGlite (no grouping)
// the same must hold, so the test runs on both.
let t: TestServer;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({ SMTP_URL: smtp.url, BRAND_NAME: 'Test Brand', RATE_LIMIT_DISABLED: 'true' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

interface Answer {
  email: string;
  status: number;
  body: unknown;
}

const rpc = async (name: string, email: string): Promise<Answer> => {
  const res = await fetch(`${t.url}/rest/v1/rpc/join_waitlist`, {
    method: 'POST',
    headers: { apikey: t.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ p_name: name, p_email: email }),
  });
  return { email, status: res.status, body: await res.json() };
};

const api = async (name: string, email: string): Promise<Answer> => {
  const res = await fetch(`${t.url}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email }),
  });
  return { email, status: res.status, body: await res.json() };
};

const positionOf = (a: Answer) => (typeof a.body === 'number' ? a.body : (a.body as { waitlist_position: number }).waitlist_position);

describe(`waitlist joins under concurrency (${SERVICE_DB})`, () => {
  it('200 concurrent joins on both doors: positions 1..200, each caller its own, a duplicate and a bad name fail alone, 200 mails over a few SMTP sessions', async () => {
    const calls: Promise<Answer>[] = [];
    for (let i = 0; i < 200; i++) {
      const email = `group-${i}@example.com`;
      calls.push(i % 2 ? api(`Joiner ${i}`, email) : rpc(`Joiner ${i}`, email));
      // interleaved among the good ones: a duplicate of an earlier address on each door, and a name the table refuses
      if (i === 60) calls.push(rpc('Copy Cat', 'GROUP-10@example.com'));
      if (i === 120) calls.push(api('Copy Dog', 'group-11@EXAMPLE.com'));
      if (i === 150) calls.push(rpc(' ', 'blank-name@example.com'));
    }
    const answers = await Promise.all(calls);

    // of each pair with the same address, whichever the database saw second fails with 23505
    const ok = answers.filter((a) => a.status === 200 || a.status === 201);
    const failed = answers.filter((a) => !ok.includes(a));
    const outcome = (a: Answer) => [a.email.toLowerCase().replace(/^group-1[01]@.*/, 'pair'), a.status, (a.body as { code?: string }).code];
    expect(failed.map(outcome).sort()).toEqual(
      [
        ['pair', 409, '23505'],
        ['pair', 409, '23505'],
        ['blank-name@example.com', 400, '23514'],
      ].sort(),
    );
    expect(new Set(failed.map((a) => a.email.toLowerCase())).size).toBe(3);
    expect(ok).toHaveLength(200);
    expect(ok.map(positionOf).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));

    // each caller was told the position stored for its own address
    const { data, error } = await t.admin().from('ebook_subscribers').select('email, waitlist_position').order('waitlist_position');
    expect(error).toBeNull();
    const stored = new Map(data!.map((r) => [(r.email as string).toLowerCase(), r.waitlist_position as number]));
    expect(stored.size).toBe(200);
    for (const a of ok) expect(stored.get(a.email.toLowerCase())).toBe(positionOf(a));

    // and was mailed that position
    for (const a of ok.filter((_, i) => i % 25 === 0)) {
      const mail = await smtp.waitFor(a.email, 20_000);
      expect(mail.subject).toBe(`You're #${positionOf(a)} on the Test Brand waitlist`);
    }
    // over a few kept-open SMTP sessions (the mailer's pool), not one session per mail
    await expect.poll(() => smtp.messages.length, { timeout: 20_000 }).toBe(200);
    expect(smtp.sessions()).toBeLessThanOrEqual(5);

    if (SERVICE_DB === 'postgres') {
      // grouped: rows committed together share their transaction's start time, so fewer distinct created_at than rows
      const { rows } = await t.server.ctx.db.query<{ n: number }>(
        'select count(distinct created_at)::int as n from public.ebook_subscribers',
      );
      expect(rows[0]!.n).toBeLessThan(200);
    }
  }, 120_000);

  it('a join after the storm continues at 201, and the duplicate left no gap', async () => {
    const a = await rpc('Late Comer', 'late@example.com');
    expect(a).toMatchObject({ status: 200, body: 201 });
  });
});
