import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';

// count()/sum()/avg()/min()/max() in select with REST_AGGREGATES_ENABLED (issue 17), on a small schema made here.
let t: TestServer;
let db: SupabaseClient;

const SCHEMA = `
  create table agg_teams (id int primary key, name text not null);
  create table agg_scores (id int primary key, team_id int not null references agg_teams, kind text not null, points int not null);
  insert into agg_teams values (1, 'red'), (2, 'blue');
  insert into agg_scores values (1, 1, 'goal', 3), (2, 1, 'goal', 2), (3, 1, 'bonus', 1), (4, 2, 'goal', 5);
  grant select on agg_teams, agg_scores to anon;
`;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_DISABLED: 'true', REST_AGGREGATES_ENABLED: 'true' });
  await t.server.ctx.db.exec(SCHEMA);
  db = t.client();
}, 60_000);
afterAll(() => t?.close());

describe(`aggregates (${SERVICE_DB})`, () => {
  it('counts and sums a whole table, with alias and cast', async () => {
    const { data, error } = await db.from('agg_scores').select('count(), total:points.sum(), points.max()::text');
    expect(error).toBeNull();
    expect(data).toEqual([{ count: 4, total: 11, max: '5' }]);
  });

  it('groups by the plain columns beside an aggregate', async () => {
    const { data, error } = await db.from('agg_scores').select('kind, points.sum()').order('kind');
    expect(error).toBeNull();
    expect(data).toEqual([
      { kind: 'bonus', sum: 1 },
      { kind: 'goal', sum: 10 },
    ]);
  });

  it('aggregates inside an embed, also with the older bare `count`', async () => {
    const { data, error } = await db
      .from('agg_teams')
      .select('name, agg_scores(n:count(), points.avg()), c:agg_scores(count)')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'red', agg_scores: [{ n: 3, avg: 2 }], c: [{ count: 3 }] });
  });

  it('names an unknown column under an aggregate as 42703', async () => {
    const res = await db.from('agg_teams').select('alias:missing.count()');
    expect(res.error).toMatchObject({ code: '42703', message: 'column agg_teams.missing does not exist' });
  });
});
