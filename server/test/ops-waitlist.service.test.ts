import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_LIMITS } from '../src/api/limits.js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

let t: TestServer;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestServer({ SMTP_URL: smtp.url, BRAND_NAME: 'Test Brand', TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

// Each test joins from its own client IP (TRUST_PROXY is on), so the per-IP limit of one does not spill into another.
let ipSeq = 0;
const join = (body: unknown, ip = `203.0.113.${++ipSeq}`) =>
  fetch(`${t.url}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });

describe(`waitlist join (${SERVICE_DB})`, () => {
  it('gives consecutive positions, stores the subscriber as waiting and mails the position', async () => {
    const a = await join({ name: ' Ada Lovelace ', email: 'Ada@Example.com' });
    expect(a.status).toBe(201);
    const first = ((await a.json()) as { waitlist_position: number }).waitlist_position;
    const b = await join({ name: 'Grace Hopper', email: 'grace@example.com' });
    expect(((await b.json()) as { waitlist_position: number }).waitlist_position).toBe(first + 1);

    const { data } = await t
      .admin()
      .from('ebook_subscribers')
      .select('name, email, status, source, waitlist_position')
      .eq('waitlist_position', first)
      .single();
    expect(data).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      status: 'waiting',
      source: 'join_waiting_list_page',
      waitlist_position: first,
    });

    const mail = await smtp.waitFor('ada@example.com');
    expect(mail.subject).toBe(`You're #${first} on the Test Brand waitlist`);
    expect(mail.text).toContain(`You're position #${first}`);
    expect(mail.text).toContain('Welcome to the Waitlist, Ada!');
  });

  it('refuses a duplicate e-mail case-insensitively with 23505 and leaves no gap in positions', async () => {
    await join({ name: 'Dup One', email: 'dup@example.com' });
    const res = await join({ name: 'Dup Two', email: '  DUP@example.COM ' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: '23505' });
    const next = await join({ name: 'After Dup', email: 'after-dup@example.com' });
    const pos = ((await next.json()) as { waitlist_position: number }).waitlist_position;
    const { data } = await t.admin().from('ebook_subscribers').select('waitlist_position').order('waitlist_position');
    expect(data!.map((r) => r.waitlist_position)).toEqual(Array.from({ length: pos }, (_, i) => i + 1));
  });

  it('validates name and e-mail on the server', async () => {
    for (const body of [{ name: '', email: 'x@example.com' }, { name: 'X', email: 'not-an-email' }, { email: 'y@example.com' }, 'junk']) {
      const res = await join(body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).not.toContain('at ');
    }
  });

  it('gives unique gap-free positions to concurrent joins', async () => {
    const before = (await t.admin().from('ebook_subscribers').select('*', { count: 'exact', head: true })).count!;
    const n = 12;
    const res = await Promise.all(Array.from({ length: n }, (_, i) => join({ name: `Con ${i}`, email: `con-${i}@example.com` })));
    const positions = (await Promise.all(res.map((r) => r.json() as Promise<{ waitlist_position: number }>)))
      .map((r) => r.waitlist_position)
      .sort((x, y) => x - y);
    expect(positions).toEqual(Array.from({ length: n }, (_, i) => before + i + 1));
  });

  it('re-analyses the waitlist from a small sample, its columns and its e-mail index alike (migration 0580)', async () => {
    const db = t.server.ctx.db;
    const targets = await db.query<{ attname: string; target: number | null }>(
      `select attname, attstattarget::int as target from pg_attribute
        where attrelid in ('public.ebook_subscribers'::regclass, 'public.ebook_subscribers_email_key'::regclass)
          and attnum > 0 and not attisdropped order by attrelid, attnum`,
    );
    expect(targets.rows.length).toBe(8); // seven columns and the lower(email) expression
    for (const r of targets.rows) expect({ [r.attname]: r.target }).toEqual({ [r.attname]: 10 });
    await db.exec('analyze public.ebook_subscribers');
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_stats where schemaname = 'public' and tablename = 'ebook_subscribers'`,
    );
    expect(rows[0]!.n).toBe(7); // every column still has statistics
  });
});

describe(`waitlist rate limit (${SERVICE_DB})`, () => {
  it('answers 429 with Retry-After once an IP exceeds the limit', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i <= API_LIMITS.waitlist.points; i++) {
      last = await join({ name: `Limit ${i}`, email: `limit-${i}@example.com` }, '198.51.100.7');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    // another client is unaffected
    expect((await join({ name: 'Other', email: 'other-ip@example.com' }, '198.51.100.8')).status).toBe(201);
  });
});

// The spec's call is a table insert; supabase-js callers may use the rpc; the page uses POST /api/waitlist. Every
// door queues the confirmation in the database and the one sender mails it (migration 0500).
describe(`every waitlist entry point mails the confirmation (${SERVICE_DB})`, () => {
  const rest = (path: string, body: unknown) =>
    fetch(`${t.url}/rest/v1/${path}`, {
      method: 'POST',
      headers: { apikey: t.anonKey, 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${++ipSeq}` },
      body: JSON.stringify(body),
    });
  const positionOf = async (email: string) =>
    (await t.admin().from('ebook_subscribers').select('waitlist_position').eq('email', email).single()).data!.waitlist_position as number;

  it('a table insert into ebook_subscribers mails the position', async () => {
    const res = await rest('ebook_subscribers', {
      name: 'Tabby Insert',
      email: 'door-table@example.com',
      status: 'waiting',
      source: 'join_waiting_list_page',
    });
    expect(res.status).toBe(201);
    const mail = await smtp.waitFor('door-table@example.com');
    expect(mail.subject).toBe(`You're #${await positionOf('door-table@example.com')} on the Test Brand waitlist`);
    expect(mail.text).toContain('Welcome to the Waitlist, Tabby!');
  });

  it('rpc join_waitlist mails the position it returns', async () => {
    const res = await rest('rpc/join_waitlist', { p_name: 'Rupert Rpc', p_email: 'door-rpc@example.com' });
    expect(res.status).toBe(200);
    const position = (await res.json()) as number;
    const mail = await smtp.waitFor('door-rpc@example.com');
    expect(mail.subject).toBe(`You're #${position} on the Test Brand waitlist`);
    expect(mail.text).toContain('Welcome to the Waitlist, Rupert!');
  });

  it('POST /api/waitlist mails the position it returns', async () => {
    const res = await join({ name: 'Apia Page', email: 'door-api@example.com' });
    const { waitlist_position } = (await res.json()) as { waitlist_position: number };
    const mail = await smtp.waitFor('door-api@example.com');
    expect(mail.subject).toBe(`You're #${waitlist_position} on the Test Brand waitlist`);
  });

  it('a refused duplicate, through any door, mails nothing', async () => {
    await rest('rpc/join_waitlist', { p_name: 'Dee Once', p_email: 'door-dup@example.com' });
    await smtp.waitFor('door-dup@example.com');
    expect((await rest('ebook_subscribers', { name: 'Dee Twice', email: 'DOOR-DUP@example.com' })).status).toBe(409);
    expect((await rest('rpc/join_waitlist', { p_name: 'Dee Thrice', p_email: 'door-dup@example.com' })).status).toBe(409);
    expect((await join({ name: 'Dee Four', email: 'door-dup@example.com' })).status).toBe(409);
    // mails go out in join order before each answer, so once a later join's mail is here, a stray one would be too
    await join({ name: 'Later Join', email: 'door-later@example.com' });
    await smtp.waitFor('door-later@example.com');
    expect(smtp.messages.filter((m) => m.to === 'door-dup@example.com')).toHaveLength(1);
  });
});
