import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';

// EXPLAIN through Accept: application/vnd.pgrst.plan (issue 45), as postgrest-js's explain() asks for it:
// `application/vnd.pgrst.plan+<json|text>; for="<the accept before>"; options=analyze|verbose|settings|buffers|wal;`
let t: TestServer;
let db: SupabaseClient;

const SCHEMA = `
  create table ex_notes (id int primary key, body text not null);
  insert into ex_notes values (1, 'one'), (2, 'two');
  grant select, insert on ex_notes to anon;
  -- search_path (PostgREST's db-extra-search-path): a second exposed schema, and an extra one on the path only
  create schema ex_personal;
  create schema ex_extra;
  grant usage on schema ex_personal, ex_extra to anon;
  create table ex_personal.ex_items (id int primary key);
  insert into ex_personal.ex_items values (7);
  grant select on ex_personal.ex_items to anon;
  create function ex_extra.ex_double(n int) returns int language sql immutable as 'select n * 2';
  -- unqualified names, resolved when called through the request's search_path (no search_path of their own)
  create function public.ex_doubled() returns int language plpgsql stable as 'begin return ex_double(21); end';
  create function ex_personal.ex_item_count() returns bigint language plpgsql stable
    as 'begin return (select count(*) from ex_items); end';
  grant execute on function ex_extra.ex_double(int), public.ex_doubled(), ex_personal.ex_item_count() to anon;
`;

const get = (path: string, accept: string) => fetch(`${t.url}/rest/v1/${path}`, { headers: { apikey: t.anonKey, Accept: accept } });

type Node = Record<string, unknown>;
const planOf = (data: unknown) => (data as Node[])[0]!;

beforeAll(async () => {
  t = await startTestServer({
    RATE_LIMIT_DISABLED: 'true',
    REST_EXPLAIN_ENABLED: 'true',
    REST_SCHEMAS: 'public,ex_personal',
    REST_EXTRA_SEARCH_PATH: 'public, ex_extra',
  });
  await t.server.ctx.db.exec(SCHEMA);
  db = t.client();
}, 60_000);
afterAll(() => t?.close());

describe(`explain options (${SERVICE_DB})`, () => {
  it('runs every option postgrest-js sends, in JSON', async () => {
    const { data, error } = await db
      .from('ex_notes')
      .select('id')
      .explain({ analyze: true, verbose: true, settings: true, buffers: true, wal: true, format: 'json' });
    expect(error).toBeNull();
    const top = planOf(data);
    const plan = top['Plan'] as Node;
    expect(plan).toHaveProperty('Actual Rows'); // analyze
    expect(plan).toHaveProperty('Output'); // verbose
    expect(plan).toHaveProperty('Shared Hit Blocks'); // buffers
    expect(plan).toHaveProperty('WAL Records'); // wal
    expect(top).toHaveProperty('Settings'); // settings (JSON always has the group, even empty)
    expect(top).toHaveProperty('Execution Time');
  });

  it('prints the Query Identifier with verbose, as PostgREST does with compute_query_id on', async () => {
    const { data, error } = await db.from('ex_notes').select('id').explain({ verbose: true, settings: true, format: 'json' });
    expect(error).toBeNull();
    expect(typeof planOf(data)['Query Identifier']).toBe('number');
    const plain = await db.from('ex_notes').select('id').explain({ format: 'json' });
    expect(planOf(plain.data)).not.toHaveProperty('Query Identifier');
    // the setting is scoped to the EXPLAIN's own transaction
    const { rows } = await t.server.ctx.db.query<{ v: string }>(`select current_setting('compute_query_id') as v`);
    expect(rows[0]!.v).not.toBe('on');
  });

  it('shows the search_path PostgREST sets per request: its schema, then REST_EXTRA_SEARCH_PATH', async () => {
    const { data, error } = await db.from('ex_notes').select('id').explain({ settings: true, format: 'json' });
    expect(error).toBeNull();
    expect(planOf(data)['Settings']).toMatchObject({ search_path: '"public", "public", "ex_extra"' });
    const other = await db.schema('ex_personal').from('ex_items').select('id').explain({ settings: true, format: 'json' });
    expect(other.error).toBeNull();
    expect(planOf(other.data)['Settings']).toMatchObject({ search_path: '"ex_personal", "public", "ex_extra"' });
  });

  it('resolves unqualified names through that search_path, and only inside the request', async () => {
    expect(await db.rpc('ex_doubled')).toMatchObject({ data: 42, error: null });
    expect(await db.schema('ex_personal').rpc('ex_item_count')).toMatchObject({ data: 1, error: null });
    // set for the request's transaction only (set_config(…, true)): the server's own statements keep their path
    const { rows } = await t.server.ctx.db.query<{ v: string }>(`select current_setting('search_path') as v`);
    expect(rows[0]!.v).not.toMatch(/ex_extra/);
  });

  it('without options plans only: no actual rows, no output lists', async () => {
    const { data, error } = await db.from('ex_notes').select('id').explain({ format: 'json' });
    expect(error).toBeNull();
    const top = planOf(data);
    expect(top['Plan']).not.toHaveProperty('Actual Rows');
    expect(top['Plan']).not.toHaveProperty('Output');
    expect(top).not.toHaveProperty('Settings');
    expect(top).not.toHaveProperty('Execution Time');
  });

  it('answers the text format as lines, with the options applied', async () => {
    const { data, error } = await db.from('ex_notes').select('id').explain({ analyze: true, verbose: true });
    expect(error).toBeNull();
    expect(typeof data).toBe('string');
    expect(data).toMatch(/actual time=/);
    expect(data).toMatch(/Output: /);
    expect(data).toMatch(/Execution Time: /);
  });

  it('names the plan, its for and its options in the Content-Type, in PostgREST order', async () => {
    const res = await get('ex_notes?select=id', 'application/vnd.pgrst.plan+json; for="application/json"; options=wal|buffers|analyze;');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+json; for="application/json"; options=analyze|buffers|wal; charset=utf-8',
    );
    const text = await get('ex_notes?select=id', 'application/vnd.pgrst.plan+text; for="application/vnd.pgrst.object+json"');
    expect(text.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+text; for="application/vnd.pgrst.object+json"; charset=utf-8',
    );
    expect(await text.text()).toMatch(/^Seq Scan|cost=/);
  });

  it('ignores options PostgREST does not know or spells otherwise', async () => {
    const res = await get('ex_notes?select=id', 'application/vnd.pgrst.plan+json; options=ANALYZE|costs|verbose');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="application/json"; options=verbose; charset=utf-8');
    const plan = planOf(await res.json())['Plan'] as Node;
    expect(plan).toHaveProperty('Output');
    expect(plan).not.toHaveProperty('Actual Rows');
  });

  it('answers PostgreSQL’s error, as PostgREST does, for wal without analyze', async () => {
    const { data, error, status } = await db.from('ex_notes').select('id').explain({ wal: true, format: 'json' });
    expect(data).toBeNull();
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22023', message: expect.stringMatching(/WAL requires ANALYZE/i) });
  });

  it('plans a write with analyze and leaves the table as it was', async () => {
    const { error } = await db.from('ex_notes').insert({ id: 3, body: 'three' }).explain({ analyze: true, format: 'json' });
    expect(error).toBeNull();
    const { count } = await db.from('ex_notes').select('*', { count: 'exact', head: true });
    expect(count).toBe(2);
  });
});
