import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';

// Which overload /rpc/<name> calls, and how PostgREST words it when it cannot choose (issue 17).
let t: TestServer;
let db: SupabaseClient;

const SCHEMA = `
  create function rpcr_echo(text) returns text language sql as $$ select 'text:' || $1 $$;
  create function rpcr_echo(int) returns text language sql as $$ select 'int' $$;
  create function rpcr_json_key(jsonb) returns text language sql as $$ select $1->>'k' $$;
  create function rpcr_pick(a text) returns text language sql as $$ select 'text' $$;
  create function rpcr_pick(a int) returns text language sql as $$ select 'int' $$;
  create function rpcr_dflt() returns int language sql as 'select 1';
  create function rpcr_dflt(text default 'x') returns int language sql as 'select 2';
  create function rpcr_sum(a int, b int default 10) returns int language sql as 'select a + b';
`;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_DISABLED: 'true' });
  await t.server.ctx.db.exec(SCHEMA);
  db = t.client();
}, 60_000);
afterAll(() => t?.close());

describe(`rpc resolution (${SERVICE_DB})`, () => {
  it('passes a single unnamed text parameter by position, whatever the other (hidden) overloads', async () => {
    expect(await db.rpc('rpcr_echo', { '': 'hi' })).toMatchObject({ status: 200, data: 'text:hi' });
  });

  it('hands the whole JSON body to a function with a single unnamed jsonb parameter', async () => {
    expect(await db.rpc('rpcr_json_key', { k: 'v', other: 1 })).toMatchObject({ status: 200, data: 'v' });
  });

  it('chooses by names and defaults', async () => {
    expect(await db.rpc('rpcr_sum', { a: 1 })).toMatchObject({ status: 200, data: 11 });
    expect(await db.rpc('rpcr_sum', { a: 1, b: 2 })).toMatchObject({ status: 200, data: 3 });
  });

  it('answers 300 PGRST203 listing the candidates when names cannot decide', async () => {
    const res = await db.rpc('rpcr_pick', { a: 'x' });
    expect(res.status).toBe(300);
    expect(res.error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message: 'Could not choose the best candidate function between: public.rpcr_pick(a => integer), public.rpcr_pick(a => text)',
    });
    const dflt = await db.rpc('rpcr_dflt');
    expect(dflt.status).toBe(300);
    expect(dflt.error?.message).toBe(
      'Could not choose the best candidate function between: public.rpcr_dflt(), public.rpcr_dflt( => text)',
    );
  });

  it('answers 404 PGRST202 with the searched parameters and a near name', async () => {
    const res = await db.rpc('rpcr_sums', { a: 1 });
    expect(res.status).toBe(404);
    expect(res.error).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.rpcr_sums with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.rpcr_sum',
      message: 'Could not find the function public.rpcr_sums(a) in the schema cache',
    });
    const none = await db.rpc('rpcr_sum');
    expect(none.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rpcr_sum without parameters in the schema cache',
      hint: null,
    });
  });
});
