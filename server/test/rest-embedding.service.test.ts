import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';

// Resource embedding as PostgREST does it (issue 17), on a small library schema made here.
let t: TestServer;
let db: SupabaseClient;

const SCHEMA = `
  create table emb_authors (id int primary key, name text not null);
  create table emb_books (id int primary key, title text not null, author_id int references emb_authors, editor_id int constraint emb_books_editor_fk references emb_authors);
  create table emb_book_notes (id int primary key references emb_books, note text);
  create table emb_genres (id int primary key, label text not null);
  create table emb_book_genres (book_id int references emb_books, genre_id int references emb_genres, primary key (book_id, genre_id));
  create table emb_shelves (id int primary key, label text, parent_id int references emb_shelves);
  insert into emb_authors values (1, 'Ursula'), (2, 'Italo'), (3, 'Nobody');
  insert into emb_books values (10, 'Earthsea', 1, 2), (11, 'Dispossessed', 1, null), (12, 'Invisible Cities', 2, 1);
  insert into emb_book_notes values (10, 'wizard school');
  insert into emb_genres values (1, 'fantasy'), (2, 'sf'), (3, 'fable');
  insert into emb_book_genres values (10, 1), (11, 2), (12, 1), (12, 3);
  insert into emb_shelves values (1, 'root', null), (2, 'left', 1), (3, 'right', 1), (4, 'deep', 2);
  grant select on emb_authors, emb_books, emb_book_notes, emb_genres, emb_book_genres, emb_shelves to anon;
`;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_DISABLED: 'true' });
  await t.server.ctx.db.exec(SCHEMA);
  db = t.client();
}, 60_000);
afterAll(() => t?.close());

describe(`embedding (${SERVICE_DB})`, () => {
  it('nests embeds, gives one-to-one as an object and many-to-many through the junction', async () => {
    const { data, error } = await db
      .from('emb_authors')
      .select('name, emb_books!author_id(title, emb_book_notes(note), emb_genres(label))')
      .eq('id', 1)
      .order('id', { referencedTable: 'emb_books' })
      .order('id', { referencedTable: 'emb_books.emb_genres' })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      name: 'Ursula',
      emb_books: [
        { title: 'Earthsea', emb_book_notes: { note: 'wizard school' }, emb_genres: [{ label: 'fantasy' }] },
        { title: 'Dispossessed', emb_book_notes: null, emb_genres: [{ label: 'sf' }] },
      ],
    });
  });

  it('picks a relationship by column or constraint hint, or names it by its column', async () => {
    const byCol = await db.from('emb_books').select('title, writer:emb_authors!author_id(name)').eq('id', 12).single();
    expect(byCol.data).toEqual({ title: 'Invisible Cities', writer: { name: 'Italo' } });
    const byCons = await db.from('emb_books').select('title, emb_authors!emb_books_editor_fk(name)').eq('id', 12).single();
    expect(byCons.data).toEqual({ title: 'Invisible Cities', emb_authors: { name: 'Ursula' } });
    const viaColumn = await db.from('emb_books').select('editor_id(name)').eq('id', 10).single();
    expect(viaColumn.data).toEqual({ editor_id: { name: 'Italo' } });
  });

  it('answers 300 PGRST201 with the candidates when two keys lead to the same table, and PGRST200 when none does', async () => {
    const res = await db.from('emb_books').select('emb_authors(name)');
    expect(res.status).toBe(300);
    expect(res.error).toMatchObject({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'emb_books' and 'emb_authors'",
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'emb_books with emb_authors',
          relationship: 'emb_books_author_id_fkey using emb_books(author_id) and emb_authors(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'emb_books with emb_authors',
          relationship: 'emb_books_editor_fk using emb_books(editor_id) and emb_authors(id)',
        },
      ],
      hint: "Try changing 'emb_authors' to one of the following: 'emb_authors!emb_books_author_id_fkey', 'emb_authors!emb_books_editor_fk'. Find the desired relationship in the 'details' key.",
    });
    const badColumn = await db.from('emb_authors').select('emb_books!author_id(nope)');
    expect(badColumn.error).toMatchObject({ code: '42703', message: 'column emb_books_1.nope does not exist' });
    const none = await db.from('emb_genres').select('emb_shelves(*)');
    expect(none.status).toBe(400);
    expect(none.error).toMatchObject({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'emb_genres' and 'emb_shelves' in the schema 'public', but no matches were found.",
    });
  });

  it('follows a self reference both ways', async () => {
    const { data, error } = await db.from('emb_shelves').select('label, parent_id(label), emb_shelves(label)').eq('id', 2).single();
    expect(error).toBeNull();
    expect(data).toEqual({ label: 'left', parent_id: { label: 'root' }, emb_shelves: [{ label: 'deep' }] });
  });

  it('drops parent rows without a match under !inner, and outputs nothing for an empty embed', async () => {
    const { data, error } = await db.from('emb_authors').select('name, emb_books!author_id!inner()').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Ursula' }, { name: 'Italo' }]);
    const filtered = await db
      .from('emb_authors')
      .select('name, emb_books!author_id!inner(title)')
      .eq('emb_books.title', 'Invisible Cities');
    expect(filtered.data).toEqual([{ name: 'Italo', emb_books: [{ title: 'Invisible Cities' }] }]);
  });

  it('filters, orders and pages an embedded resource, and refuses modifiers for a resource not embedded', async () => {
    const { data, error } = await db
      .from('emb_genres')
      .select('label, emb_books(id)')
      .eq('id', 1)
      .order('id', { referencedTable: 'emb_books', ascending: false })
      .range(0, 0, { referencedTable: 'emb_books' })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ label: 'fantasy', emb_books: [{ id: 12 }] });
    const ored = await db
      .from('emb_authors')
      .select('id, emb_books!author_id(id)')
      .eq('id', 1)
      .or('id.eq.11,title.eq.nothing', { referencedTable: 'emb_books' })
      .single();
    expect(ored.data).toEqual({ id: 1, emb_books: [{ id: 11 }] });
    const missing = await db.from('emb_authors').select('id').eq('emb_books.id', 1);
    expect(missing.error).toMatchObject({ code: 'PGRST108', message: "'emb_books' is not an embedded resource in this request" });
  });

  it('spreads a to-one embed into the parent object and a to-many one into arrays', async () => {
    const one = await db.from('emb_books').select('title, ...emb_authors!author_id(author:name)').eq('id', 10).single();
    expect(one.data).toEqual({ title: 'Earthsea', author: 'Ursula' });
    const many = await db
      .from('emb_genres')
      .select('label, ...emb_books(id)')
      .eq('id', 1)
      .order('id', { referencedTable: 'emb_books' })
      .single();
    expect(many.data).toEqual({ label: 'fantasy', id: [10, 12] });
  });

  it('refuses aggregates with PGRST123 while REST_AGGREGATES_ENABLED is off (the default)', async () => {
    const res = await db.from('emb_books').select('count()');
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed' });
  });
});
