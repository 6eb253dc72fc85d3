import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';

// Functions of a row type (computed fields, functions as relationships), media types and profiles (issue 17),
// on a small garden schema made here.
let t: TestServer;
let db: SupabaseClient;

const SCHEMA = `
  create table rf_beds (id int primary key, name text not null, note text);
  create table rf_plants (id int primary key, bed_id int not null references rf_beds, species text not null, height_cm int);
  insert into rf_beds values (1, 'sunny', null), (2, 'shady', 'north wall');
  insert into rf_plants values (1, 1, 'tomato', 120), (2, 1, 'basil', 30), (3, 2, 'fern', 60);
  -- a computed field: a function of the row type returning one value
  create function rf_label(rf_plants) returns text language sql stable as $$ select upper($1.species) $$;
  -- functions as relationships: set-returning (to-many) and single-row (to-one)
  create function rf_tall_plants(bed rf_beds) returns setof rf_plants language sql stable as
    $$ select * from rf_plants where bed_id = bed.id and height_cm >= 50 $$;
  create function rf_home(plant rf_plants) returns rf_beds language sql stable as $$ select * from rf_beds where id = plant.bed_id $$;
  create function rf_plants_of(bed_name text) returns setof rf_plants language sql stable as
    $$ select p.* from rf_plants p join rf_beds b on b.id = p.bed_id where b.name = bed_name $$;
  create view rf_big_plants as select id, bed_id, species from rf_plants where height_cm >= 50;
  -- a view over a join, its columns renamed: it carries the keys of both sides under its own column names
  create table rf_harvests (id int primary key, plant_id int references rf_plants, kg numeric);
  insert into rf_harvests values (1, 1, 2.5), (2, 1, 1.5), (3, 3, 0.1);
  create view rf_plant_beds as select p.id as plant, p.species, b.id as bed, b.name as bed_name
    from rf_plants p join rf_beds b on b.id = p.bed_id;
  create schema rf_private;
  create table rf_private.rf_secrets (id int primary key, word text);
  insert into rf_private.rf_secrets values (1, 'hidden');
  create function rf_private.rf_word() returns text language sql stable as $$ select 'private word' $$;
  grant usage on schema rf_private to anon;
  grant select on rf_beds, rf_plants, rf_big_plants, rf_harvests, rf_plant_beds, rf_private.rf_secrets to anon;
`;

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${t.url}/rest/v1/${path}`, { headers: { apikey: t.anonKey, ...headers } });

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_DISABLED: 'true', REST_SCHEMAS: 'public,rf_private', REST_EXPLAIN_ENABLED: 'true' });
  await t.server.ctx.db.exec(SCHEMA);
  db = t.client();
}, 60_000);
afterAll(() => t?.close());

describe(`functions of a row type (${SERVICE_DB})`, () => {
  it('selects, filters and orders by a computed field as if it were a column', async () => {
    const { data, error } = await db.from('rf_plants').select('id, rf_label').like('rf_label', 'B*').order('rf_label');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2, rf_label: 'BASIL' }]);
    const star = await db.from('rf_plants').select('*').eq('id', 1).single();
    expect(star.data).not.toHaveProperty('rf_label');
  });

  it('embeds a set-returning function as a to-many and a single-row one as a to-one relationship', async () => {
    const beds = await db.from('rf_beds').select('name, tall:rf_tall_plants(species, rf_label)').order('id');
    expect(beds.error).toBeNull();
    expect(beds.data).toEqual([
      { name: 'sunny', tall: [{ species: 'tomato', rf_label: 'TOMATO' }] },
      { name: 'shady', tall: [{ species: 'fern', rf_label: 'FERN' }] },
    ]);
    const plants = await db.from('rf_plants').select('species, rf_home(name)').eq('id', 3).single();
    expect(plants.data).toEqual({ species: 'fern', rf_home: { name: 'shady' } });
    const none = await db.from('rf_plants').select('rf_tall_plants(*)');
    expect(none.error).toMatchObject({ code: 'PGRST200' });
  });

  it('embeds into the rows an rpc returns, through keys and through functions', async () => {
    const { data, error } = await db.rpc('rf_plants_of', { bed_name: 'sunny' }).select('species, rf_beds(name), rf_home(note)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { species: 'tomato', rf_beds: { name: 'sunny' }, rf_home: { note: null } },
      { species: 'basil', rf_beds: { name: 'sunny' }, rf_home: { note: null } },
    ]);
  });
});

describe(`embedding through a view (${SERVICE_DB})`, () => {
  it("embeds from and into a view by its base table's keys, by the view's name", async () => {
    const from = await db.from('rf_big_plants').select('species, rf_beds(name)').order('id');
    expect(from.error).toBeNull();
    expect(from.data).toEqual([
      { species: 'tomato', rf_beds: { name: 'sunny' } },
      { species: 'fern', rf_beds: { name: 'shady' } },
    ]);
    const into = await db.from('rf_beds').select('name, rf_big_plants(species)').eq('id', 1).single();
    expect(into.data).toEqual({ name: 'sunny', rf_big_plants: [{ species: 'tomato' }] });
    // the table's own relationship is still the only one under its column name
    const byColumn = await db.from('rf_plants').select('bed_id(name)').eq('id', 3).single();
    expect(byColumn.data).toEqual({ bed_id: { name: 'shady' } });
  });

  it('follows the columns of a view over a join to their tables, also when renamed', async () => {
    const res = await db.from('rf_plant_beds').select('species, bed_name, rf_harvests(kg)').order('plant');
    expect(res.error).toBeNull();
    expect(res.data).toEqual([
      { species: 'tomato', bed_name: 'sunny', rf_harvests: [{ kg: 2.5 }, { kg: 1.5 }] },
      { species: 'basil', bed_name: 'sunny', rf_harvests: [] },
      { species: 'fern', bed_name: 'shady', rf_harvests: [{ kg: 0.1 }] },
    ]);
    const into = await db.from('rf_harvests').select('id, rf_plant_beds(bed_name)').eq('id', 3).single();
    expect(into.data).toEqual({ id: 3, rf_plant_beds: { bed_name: 'shady' } });
    // the key of rf_plants to rf_beds(id) reaches the view through its column bed: the plants of the row's bed
    const beds = await db.from('rf_plant_beds').select('plant, rf_plants(id)').eq('plant', 3).single();
    expect(beds.data).toEqual({ plant: 3, rf_plants: [{ id: 3 }] });
  });
});

describe(`ordering by an embedded column (${SERVICE_DB})`, () => {
  it('orders parents by a column of an embedded to-one resource, refuses a to-many one (PGRST118)', async () => {
    const { data, error } = await db
      .from('rf_plants')
      .select('species, bed:rf_beds(name)')
      .order('bed(name)', { ascending: false })
      .order('id');
    expect(error).toBeNull();
    expect(data!.map((r) => r.species)).toEqual(['tomato', 'basil', 'fern']);
    const many = await db.from('rf_beds').select('name, rf_plants(id)').order('rf_plants(id)');
    expect(many.error).toMatchObject({ code: 'PGRST118', message: "A related order on 'rf_plants' is not possible" });
    const absent = await db.from('rf_plants').select('species').order('rf_beds(name)');
    expect(absent.error).toMatchObject({ code: 'PGRST108' });
  });
});

describe(`media types (${SERVICE_DB})`, () => {
  it('answers CSV: a header of the keys, then one line per row', async () => {
    const { data, error } = await db.from('rf_beds').select('id, name, note').order('id').csv();
    expect(error).toBeNull();
    expect(data).toBe('id,name,note\n1,sunny,\n2,shady,"north wall"');
  });

  it('strips null fields with nulls=stripped, for arrays and single objects', async () => {
    const all = await db.from('rf_beds').select('id, note').order('id').stripNulls();
    expect(all.data).toEqual([{ id: 1 }, { id: 2, note: 'north wall' }]);
    const one = await db.from('rf_beds').select('id, note').eq('id', 1).single().stripNulls();
    expect(one.data).toEqual({ id: 1 });
  });

  it('answers the plan with REST_EXPLAIN_ENABLED, and 406 for media types it cannot give', async () => {
    const plan = await db.from('rf_beds').select().explain({ format: 'json' });
    expect(plan.error).toBeNull();
    expect((plan.data as unknown as { Plan: unknown }[])[0]).toHaveProperty('Plan');
    const text = await get('rf_beds', { Accept: 'application/vnd.pgrst.plan+text; for="application/json"' });
    expect(await text.text()).toMatch(/cost=/);
    const png = await get('rf_beds', { Accept: 'image/png' });
    expect(png.status).toBe(406);
    expect(await png.json()).toMatchObject({ code: 'PGRST107' });
  });

  it('answers GeoJSON only when PostGIS is installed (else 406)', async () => {
    const res = await get('rf_beds', { Accept: 'application/geo+json' });
    const postgis = await t.server.ctx.db.query(`select 1 from pg_proc where proname = 'st_asgeojson'`);
    if (postgis.rows.length) expect(res.status).toBe(200);
    else expect(await res.json()).toMatchObject({ code: 'PGRST107' });
  });
});

describe(`schemas through profiles (${SERVICE_DB})`, () => {
  it('reads and calls in an exposed schema chosen with Accept-Profile / Content-Profile', async () => {
    const other = t.client().schema('rf_private');
    const { data, error } = await other.from('rf_secrets').select('word');
    expect(error).toBeNull();
    expect(data).toEqual([{ word: 'hidden' }]);
    const word = await other.rpc('rf_word');
    expect(word.data).toBe('private word');
    // the default profile is the first schema: the table is not in public
    const missing = await db.from('rf_secrets').select('word');
    expect(missing.error).toMatchObject({ code: 'PGRST205' });
  });

  it('refuses a schema that is not exposed with 406 PGRST106', async () => {
    const res = await get('rf_beds', { 'Accept-Profile': 'pg_catalog' });
    expect(res.status).toBe(406);
    expect(await res.json()).toMatchObject({
      code: 'PGRST106',
      message: 'Invalid schema: pg_catalog',
      hint: 'Only the following schemas are exposed: public, rf_private',
    });
  });
});
