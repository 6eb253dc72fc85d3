import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';

// Prefer: tx=rollback and handling=strict + max-affected (PGRST124), as PostgREST answers them (issue 17).
let t: TestServer;
let db: SupabaseClient;

const SCHEMA = `
  create table ptx_items (id int primary key, label text not null);
  insert into ptx_items values (1, 'a'), (2, 'a'), (3, 'b');
  grant select, insert, update, delete on ptx_items to anon;
  create function ptx_relabel(old text, new text) returns setof ptx_items language sql as
    $$ update ptx_items set label = new where label = old returning * $$;
`;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_DISABLED: 'true' });
  await t.server.ctx.db.exec(SCHEMA);
  db = t.client();
}, 60_000);
afterAll(() => t?.close());

const labels = async () => (await t.server.ctx.db.query<{ id: number; label: string }>('select id, label from ptx_items order by id')).rows.map((r) => r.label);

describe(`Prefer tx and max-affected (${SERVICE_DB})`, () => {
  it('answers a write under tx=rollback as usual, then leaves the table unchanged', async () => {
    const res = await db.from('ptx_items').insert({ id: 9, label: 'z' }).select().rollback();
    expect(res).toMatchObject({ status: 201, data: [{ id: 9, label: 'z' }] });
    expect(await labels()).toEqual(['a', 'a', 'b']);
  });

  it('refuses (and undoes) an update or rpc touching more rows than max-affected under handling=strict', async () => {
    const upd = await db.from('ptx_items').update({ label: 'c' }).eq('label', 'a').maxAffected(1);
    expect(upd.status).toBe(400);
    expect(upd.error).toMatchObject({ code: 'PGRST124', message: 'Query result exceeds max-affected preference constraint', details: 'The query affects 2 rows' });
    const rpc = await db.rpc('ptx_relabel', { old: 'a', new: 'd' }).maxAffected(1).select();
    expect(rpc.error).toMatchObject({ code: 'PGRST124' });
    expect(await labels()).toEqual(['a', 'a', 'b']);
    const ok = await db.from('ptx_items').delete().eq('label', 'b').maxAffected(1);
    expect(ok.status).toBe(204);
    expect(await labels()).toEqual(['a', 'a']);
  });
});
