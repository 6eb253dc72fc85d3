import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEmailAddress } from '@app/shared/email';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { anonClient, createTestUser, serviceClient } from './tokens.js';

// The waitlist page's call, with the server's real rate limit (20 joins per IP per hour).
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

describe(`waitlist (${SERVICE_DB})`, () => {
  it('gives concurrent joins unique, gap-free positions', async () => {
    const anon = anonClient(t);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        anon.rpc('join_waitlist', { p_name: `Person ${i}`, p_email: `p${i}@example.com`, p_source: 'join_waiting_list_page' }),
      ),
    );
    expect(results.map((r) => r.error)).toEqual(Array(12).fill(null));
    expect(results.map((r) => r.data as number).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('answers a duplicate e-mail (any case) with 23505 and leaves no gap', async () => {
    const anon = anonClient(t);
    const dup = await anon.rpc('join_waitlist', { p_name: 'Again', p_email: 'P3@Example.com', p_source: 'join_waiting_list_page' });
    expect(dup).toMatchObject({ status: 409, error: { code: '23505' } });
    const next = await anon.rpc('join_waitlist', { p_name: 'Next', p_email: 'next@example.com' });
    expect(next.data).toBe(13);
  });

  it('validates name and e-mail in the database', async () => {
    const bad = await anonClient(t).rpc('join_waitlist', { p_name: ' ', p_email: 'not-an-email' });
    expect(bad).toMatchObject({ status: 400, error: { code: '23514' } });
  });

  it('the tables accept exactly the addresses the shared e-mail rule accepts', async () => {
    const cases = [
      'a@b.co',
      'first.last+tag@sub.example.org',
      'UPPER@EXAMPLE.COM',
      "o'neil@example.ie",
      'x@y.z.w',
      'no-at.example.com',
      'two@@example.com',
      'a@b@c.com',
      'a@b',
      '@example.com',
      'a@.com',
      'a@example.',
      'a b@example.com',
      'a@exa mple.com',
      'tab\t@example.com',
      'new\nline@example.com',
      'vt\u000bx@example.com',
      'nbsp\u00a0x@example.com',
      'ogham\u1680x@example.com',
      'thin\u2009x@example.com',
      'narrow\u202fx@example.com',
      'ideographic\u3000x@example.com',
      'sep\u2028x@example.com',
      'bom\ufeffx@example.com',
      'zero-width\u200bjoin@example.com',
      'ünïcode@exämple.com',
      `${'a'.repeat(308)}@example.com`,
      `${'a'.repeat(309)}@example.com`,
    ];
    const rollback = new Error('rollback');
    const inserts = [
      'insert into public.ebook_subscribers (name, email) values ($1, $2)',
      'insert into public.contact_messages (name, email, message) values ($1, $2, $1)',
    ];
    for (const [sql, email] of inserts.flatMap((sql) => cases.map((email) => [sql, email] as const))) {
      let accepted = true;
      await t.server.ctx.db
        .transaction(async (tx) => {
          await tx.query(sql, ['Case', email]);
          throw rollback; // only the verdict is wanted, not the row
        })
        .catch((err: { code?: string }) => {
          if (err === rollback) return;
          expect(err.code).toBe('23514');
          accepted = false;
        });
      expect(accepted, `${sql.split(' ')[2]} ${JSON.stringify(email)}`).toBe(isEmailAddress(email));
    }
  });

  it('lets only admins read the list; status is always waiting', async () => {
    const anon = anonClient(t);
    const direct = await anon
      .from('ebook_subscribers')
      .insert({ name: 'Direct', email: 'direct@example.com', status: 'joined', source: 'join_waiting_list_page', waitlist_position: 999 });
    expect(direct.error).toBeNull();
    expect((await anon.from('ebook_subscribers').select('email')).error?.code).toBe('42501');
    const user = await createTestUser(t);
    expect((await user.client.from('ebook_subscribers').select('email')).data).toEqual([]);
    const admin = await createTestUser(t, { admin: true });
    const { data } = await admin.client
      .from('ebook_subscribers')
      .select('status, waitlist_position')
      .eq('email', 'direct@example.com')
      .single();
    expect(data).toEqual({ status: 'waiting', waitlist_position: 14 });
    const { count } = await serviceClient(t).from('ebook_subscribers').select('*', { count: 'exact', head: true });
    expect(count).toBe(14);
  });

  it('limits joins per client IP with 429 and Retry-After', async () => {
    const anon = anonClient(t);
    let limited: { status: number; error: { code?: string } | null } | undefined;
    for (let i = 0; i < 10 && !limited; i++) {
      const r = await anon.rpc('join_waitlist', { p_name: 'Flood', p_email: `flood${i}@example.com` });
      if (r.status === 429) limited = r;
    }
    expect(limited).toMatchObject({ status: 429, error: { code: 'over_request_rate_limit' } });
    const res = await fetch(`${t.url}/rest/v1/rpc/join_waitlist`, {
      method: 'POST',
      headers: { apikey: t.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_name: 'x', p_email: 'x@example.com' }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // the service role is not limited (server-side jobs)
    expect((await serviceClient(t).rpc('join_waitlist', { p_name: 'Ops', p_email: 'ops@example.com' })).error).toBeNull();
  });
});
