import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';

// PUT as PostgREST's single-row upsert by primary key, and Prefer: count=planned / estimated (issue 17).
let t: TestServer;

const SCHEMA = `
  create table put_notes (id int primary key, body text not null, stars int default 0);
  insert into put_notes values (1, 'first', 3);
  grant select, insert, update on put_notes to anon;
  create table put_pairs (a int, b text, note text, primary key (a, b));
  grant select, insert, update on put_pairs to anon;
  create table put_nokey (note text);
  grant select, insert, update on put_nokey to anon;
  create table cnt_rows (id int primary key, even boolean not null);
  insert into cnt_rows select g, g % 2 = 0 from generate_series(1, 40) g;
  grant select on cnt_rows to anon;
  create table cnt_more (id int primary key, even boolean not null);
  insert into cnt_more select g, g % 2 = 0 from generate_series(1, 40) g;
  grant select on cnt_more to anon;
`;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_DISABLED: 'true', REST_MAX_ROWS: '10' });
  await t.server.ctx.db.exec(SCHEMA);
}, 60_000);
afterAll(() => t?.close());

const rest = (path: string, init: RequestInit = {}) =>
  fetch(`${t.url}/rest/v1${path}`, {
    ...init,
    headers: { apikey: t.anonKey, 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });
const put = (path: string, body: unknown, prefer?: string) =>
  rest(path, { method: 'PUT', body: JSON.stringify(body), headers: prefer ? { Prefer: prefer } : {} });
const notes = async () => (await t.server.ctx.db.query('select id, body, stars from put_notes order by id')).rows;

describe(`PUT: single-row upsert by primary key (${SERVICE_DB})`, () => {
  it('inserts a new row and replaces an existing one, 204 or 200 with the representation', async () => {
    const created = await put('/put_notes?id=eq.2', { id: 2, body: 'second', stars: 1 });
    expect(created.status).toBe(204);
    const replaced = await put('/put_notes?id=eq.1', { id: 1, body: 'changed', stars: 5 }, 'return=representation');
    expect(replaced.status).toBe(200);
    expect(await replaced.json()).toEqual([{ id: 1, body: 'changed', stars: 5 }]);
    expect(await notes()).toEqual([
      { id: 1, body: 'changed', stars: 5 },
      { id: 2, body: 'second', stars: 1 },
    ]);
  });

  it('keys on every primary-key column of a composite key', async () => {
    expect((await put('/put_pairs?a=eq.1&b=eq.x', { a: 1, b: 'x', note: 'one' })).status).toBe(204);
    expect((await put('/put_pairs?b=eq.x&a=eq.1', { a: 1, b: 'x', note: 'two' })).status).toBe(204);
    const { rows } = await t.server.ctx.db.query('select a, b, note from put_pairs');
    expect(rows).toEqual([{ a: 1, b: 'x', note: 'two' }]);
  });

  it('refuses filters that are not exactly the key with eq (405 PGRST105), limit/offset (400 PGRST114)', async () => {
    const message = "Filters must include all and only primary key columns with 'eq' operators";
    for (const path of [
      '/put_notes',
      '/put_notes?id=gt.1',
      '/put_notes?id=eq.1&body=eq.first',
      '/put_notes?id=not.eq.1',
      '/put_notes?or=(id.eq.1)',
      '/put_pairs?a=eq.1',
      '/put_nokey?note=eq.x',
    ]) {
      const res = await put(path, { id: 1, body: 'x' });
      expect(res.status, path).toBe(405);
      expect(await res.json(), path).toMatchObject({ code: 'PGRST105', message });
    }
    const limited = await put('/put_notes?id=eq.1&limit=1', { id: 1, body: 'x' });
    expect(limited.status).toBe(400);
    expect(await limited.json()).toMatchObject({
      code: 'PGRST114',
      message: 'limit/offset querystring parameters are not allowed for PUT',
    });
  });

  it('writes nothing when the body names another key, or none, or several rows (400 PGRST115)', async () => {
    const before = await notes();
    for (const body of [
      { id: 3, body: 'elsewhere' },
      { body: 'no key' },
      [
        { id: 1, body: 'a' },
        { id: 1, body: 'b' },
      ],
    ]) {
      const res = await put('/put_notes?id=eq.1', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'PGRST115', message: 'Payload values do not match URL in primary key column(s)' });
    }
    expect(await notes()).toEqual(before);
  });
});

describe(`Prefer: count=planned and estimated (${SERVICE_DB})`, () => {
  const total = (res: Response) => Number(res.headers.get('content-range')!.split('/')[1]);
  // After ANALYZE the planner knows 40 rows; 40 more rows on the same page leave its estimate at 40 (no autovacuum
  // analyzes 40 changes), so an exact count (80) and the planner's estimate (40) can be told apart.
  const grow = async (table: string) =>
    t.server.ctx.db.exec(`analyze ${table}; insert into ${table} select g, g % 2 = 0 from generate_series(41, 80) g`);

  it("answers the planner's estimate for planned, not the exact count", async () => {
    await grow('cnt_rows');
    const res = await rest('/cnt_rows?select=id&limit=2', { headers: { Prefer: 'count=planned' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('preference-applied')).toBe('count=planned');
    expect(await res.json()).toHaveLength(2);
    expect(total(res)).toBe(40);
    const exact = await rest('/cnt_rows?select=id', { method: 'HEAD', headers: { Prefer: 'count=exact' } });
    expect(total(exact)).toBe(80);
    // Filters are planned too (a boolean column analyzed half true: about 20).
    const even = await rest('/cnt_rows?select=id&even=is.true', { method: 'HEAD', headers: { Prefer: 'count=planned' } });
    expect(total(even)).toBeGreaterThan(10);
    expect(total(even)).toBeLessThan(30);
  });

  it('counts exactly up to REST_MAX_ROWS under estimated, and takes the larger of count and estimate beyond', async () => {
    await grow('cnt_more');
    const few = await rest('/cnt_more?select=id&id=lte.7', { headers: { Prefer: 'count=estimated' } });
    expect(total(few)).toBe(7);
    const many = await rest('/cnt_more?select=id', { method: 'HEAD', headers: { Prefer: 'count=estimated' } });
    // Counted only up to 11 rows (REST_MAX_ROWS + 1), beyond which the estimate (40) answers, not the 80 rows.
    expect(many.status).toBe(206);
    expect(total(many)).toBe(40);
  });

  it('keeps values bound: a hostile filter value is only a value under planned counts', async () => {
    const res = await rest(`/cnt_rows?select=id&id=eq.${encodeURIComponent("1'); drop table cnt_rows; --")}`, {
      headers: { Prefer: 'count=planned' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: '22P02' });
    const { rows } = await t.server.ctx.db.query<{ n: string }>("select count(*)::text as n from pg_tables where tablename = 'cnt_rows'");
    expect(rows[0]!.n).toBe('1');
  });
});
