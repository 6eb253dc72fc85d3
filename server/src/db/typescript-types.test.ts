import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Database } from '../../../packages/shared/src/database.types.js';
import { migratedDataDir } from '../../test/support/db-template.js';
import { openPglite } from './pglite.js';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from './typescript-types.js';

describe('database types', { timeout: 60_000 }, () => {
  it('the committed packages/shared/src/database.types.ts matches the migrations (else: npm run gen:types)', async () => {
    // The schema the migrations build, from the migrated template the service suite uses (built once per change of
    // supabase/migrations, docs/decisions/0079) instead of migrating a new database here: what generateFromMigrations
    // (npm run gen:types) does, minus the migrating, which every service test and server start also runs.
    const dir = await migratedDataDir('types-');
    const db = await openPglite(path.join(dir, 'pgdata'));
    try {
      expect(await generateDatabaseTypes(db)).toBe(readFileSync(DATABASE_TYPES_FILE, 'utf8'));
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the PostgREST version as supabase gen types does, so supabase-js picks PostgREST 13 typings', async () => {
    const db = await openPglite();
    try {
      const src = await generateDatabaseTypes(db);
      expect(src).toContain(`export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: '13';
  };
  public: {`);
    } finally {
      await db.close();
    }
    // Checked by tsc: with PostgREST 12 typings (no __InternalSupabase) maxAffected is an InvalidMethodError.
    const _capped = (client: SupabaseClient<Database>) => client.from('action_plan_tasks').delete().eq('id', 'x').maxAffected(1);
    expectTypeOf<ReturnType<typeof _capped>>().not.toHaveProperty('Error');
    expectTypeOf<ReturnType<typeof _capped>>().toHaveProperty('then');
  });

  it('types rows, writes, relationships, views, functions, enums and composite types as supabase gen types does', async () => {
    const db = await openPglite();
    await db.exec(`
      create schema other; create table other.hidden (id int primary key);
      create type public.mood as enum ('happy', 'sad');
      create type public.pair as (a int, b text);
      create domain public.short_text as text check (length(value) < 10);
      create table public.parent (id uuid primary key, tags text[] not null default '{}', note short_text, mood mood not null,
        n bigint generated always as identity, doubled int generated always as (1 * 2) stored, meta jsonb, hidden int references other.hidden);
      create table public.child (id serial primary key, parent_id uuid not null unique references public.parent(id),
        other_parent uuid references public.parent(id));
      create view public.parent_names as select id, mood from public.parent;
      create function public.add(a int, b int default 1) returns int language sql as 'select a + b';
      create function public.add(a text) returns text language sql as 'select a';
      create function public.parents() returns setof public.parent language sql as 'select * from public.parent';
      create function public.counts() returns table (mood mood, total bigint) language sql as 'select mood, count(*) from public.parent group by 1';
      create function public.noop() returns void language sql as '';
      create function public.unnamed(int, int) returns int language sql as 'select 1';
      create function public.touch() returns trigger language plpgsql as 'begin return new; end';`);
    const src = await generateDatabaseTypes(db);
    await db.close();
    const block = (name: string) => src.slice(src.indexOf(`      ${name}`), src.indexOf('\n      }', src.indexOf(`      ${name}`)));
    expect(block('parent:')).toContain(
      `Row: {
          id: string;
          tags: string[];
          note: string | null;
          mood: Database['public']['Enums']['mood'];
          n: number;
          doubled: number | null;
          meta: Json | null;
          hidden: number | null;
        };
        Insert: {
          id: string;
          tags?: string[];
          note?: string | null;
          mood: Database['public']['Enums']['mood'];
          n?: never;
          doubled?: never;`,
    );
    // FKs into a schema the client cannot read are left out; a unique FK is one-to-one.
    expect(block('parent:')).toContain('Relationships: [];');
    expect(block('child:')).toMatch(/foreignKeyName: 'child_other_parent_fkey';\n\s+columns: \['other_parent'\];\n\s+isOneToOne: false;/);
    expect(block('child:')).toMatch(/foreignKeyName: 'child_parent_id_fkey';\n\s+columns: \['parent_id'\];\n\s+isOneToOne: true;/);
    expect(src).toContain(`Views: {
      parent_names: {
        Row: {
          id: string | null;
          mood: Database['public']['Enums']['mood'] | null;
        };
        Insert: {`);
    expect(src).toContain(`add:
        | {
            Args: {
              a: number;
              b?: number;
            };
            Returns: number;
          }
        | {
            Args: {
              a: string;
            };
            Returns: string;
          };`);
    expect(src).toMatch(
      /parents: \{\n\s+Args: never;\n\s+Returns: Database\['public'\]\['Tables'\]\['parent'\]\['Row'\]\[\];\n\s+SetofOptions: \{\n\s+from: '\*';\n\s+to: 'parent';\n\s+isOneToOne: false;\n\s+isSetofReturn: true;/,
    );
    expect(src).toMatch(
      /counts: \{\n\s+Args: never;\n\s+Returns: \{\n\s+mood: Database\['public'\]\['Enums'\]\['mood'\];\n\s+total: number;\n\s+\}\[\];/,
    );
    expect(src).toMatch(/noop: \{\n\s+Args: never;\n\s+Returns: undefined;/);
    expect(src).not.toMatch(/unnamed|touch|hidden: \{/);
    expect(src).toContain(`Enums: {\n      mood: 'happy' | 'sad';`);
    expect(src).toContain(`CompositeTypes: {\n      pair: {\n        a: number | null;\n        b: string | null;`);
  });
});
