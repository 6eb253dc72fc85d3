import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { CrmImportRow } from '@app/shared/crm';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { createTestUser } from './tokens.js';

/**
 * Issue 43: contacts from a CSV through POST /functions/v1/crm/import as the web sends them (mapped rows), checked
 * row by row, de-duplicated by e-mail, written all or nothing; and the filtered list back out as CSV.
 */
let t: TestServer;

beforeAll(async () => {
  // One 10,000-row statement takes PGlite 8–9 s on a quiet machine and 30–45 s inside a loaded `npm test`, and once
  // passed the server's 60 s bound on one database call there (PGlite's watchdog then ends it: a 500). That bound is
  // the runaway guard, tested in db/pglite/watchdog.integration.test.ts; here the question is the import's answer.
  t = await startTestServer({ DB_STATEMENT_TIMEOUT_SERVICE_ROLE_MS: '240000' });
}, 60_000);
afterAll(() => t?.close(), 60_000);

type Answer = { status: number; body: Record<string, unknown> };
async function invoke(client: SupabaseClient, name: string, body: unknown): Promise<Answer> {
  const { data, error } = await client.functions.invoke(name, { body: body as Record<string, unknown> });
  if (!error) return { status: 200, body: (typeof data === 'string' ? { csv: data } : data) as Record<string, unknown> };
  const res = (error as { context?: Response }).context!;
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const count = async (client: SupabaseClient, table = 'crm_contacts') =>
  (await client.from(table).select('id', { count: 'exact', head: true })).count;

/**
 * 10,000 rows: 300 addresses already in the CRM, 8,700 new ones, 500 repeats of earlier rows (in upper case, with a
 * phone), 200 without an address (never de-duplicated), from 50 companies.
 */
function tenThousand(): CrmImportRow[] {
  return Array.from({ length: 10_000 }, (_, i): CrmImportRow => {
    const row = i + 2;
    const company = `Company ${i % 50}`;
    if (i < 300) return { row, name: `Person ${i}`, email: `e${i}@old.test`, company, tags: ['new'] };
    if (i < 9_300) return { row, name: `Person ${i}`, email: `u${i}@new.test`, company, tags: ['new'], source: 'Fair' };
    if (i < 9_800) return { row, name: `Dup ${i - 9_000}`, email: `U${i - 9_000}@NEW.test`, phone: '222', tags: ['dup'] };
    return { row, name: `Nomail ${i}`, company, notes: 'from the fair' };
  });
}

describe(`POST /functions/v1/crm/import (${SERVICE_DB})`, () => {
  it('10,000 rows with duplicates and bad rows: refused whole with each bad row listed, then imported in one go', async () => {
    const a = await createTestUser(t);
    // 300 contacts already there, with a phone and a tag of their own
    const seed = Array.from({ length: 300 }, (_, i) => ({
      row: i + 2,
      name: `Old ${i}`,
      email: `e${i}@old.test`,
      phone: '111',
      tags: ['old'],
    }));
    expect((await invoke(a.client, 'crm/import', { rows: seed, onDuplicate: 'merge' })).body).toMatchObject({ created: 300 });
    expect((await a.client.from('crm_custom_fields').insert({ key: 'size', label: 'Size', type: 'number' })).error).toBeNull();

    const good = tenThousand();
    const bad = good.map((r) => ({ ...r }));
    bad[5]!.email = 'not-an-email';
    bad[17]!.name = '  ';
    bad[42]!.custom = { size: 'abc' };
    bad[99]!.tags = Array.from({ length: 21 }, (_, i) => `t${i}`);
    bad[120]!.custom = { colour: 'red' };
    let started = performance.now();
    const refused = await invoke(a.client, 'crm/import', { rows: bad, onDuplicate: 'merge' });
    const refusedMs = Math.round(performance.now() - started);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'crm_import_refused',
      error: 'Some rows cannot be imported; nothing was imported.',
      total: 5,
    });
    expect(refused.body.problems).toEqual([
      { row: 7, field: 'email', message: 'E-mail is not an e-mail address' },
      { row: 19, field: 'name', message: 'Name is required' },
      { row: 44, field: 'custom.size', message: 'must be a number' },
      { row: 101, field: 'tags', message: 'At most 20 tags' },
      { row: 122, field: 'custom.colour', message: 'no such custom field' },
    ]);
    expect(await count(a.client)).toBe(300);
    expect(await count(a.client, 'crm_companies')).toBe(0);

    // the body is over the 1 MB every other route takes: this route alone takes more (docs/crm.md)
    expect(JSON.stringify({ rows: good, onDuplicate: 'merge' }).length).toBeGreaterThan(1_000_000);
    started = performance.now();
    const dry = await invoke(a.client, 'crm/import', { rows: good, onDuplicate: 'merge', dryRun: true });
    const dryMs = Math.round(performance.now() - started);
    expect(dry.body).toMatchObject({ success: true, dryRun: true, created: 9_200, merged: 800, skipped: 0, companiesCreated: 50 });
    expect(await count(a.client)).toBe(300);

    started = performance.now();
    const done = await invoke(a.client, 'crm/import', { rows: good, onDuplicate: 'merge' });
    const ms = Math.round(performance.now() - started);
    // the "10,000 in under 10 s" is measured and reported, not a gate on a shared machine
    console.log(
      `[crm-import] ${SERVICE_DB}: 10,000 rows imported in ${ms} ms (server ${String(done.body.ms)} ms); dry run ${dryMs} ms; refusal ${refusedMs} ms`,
    );
    expect(done).toEqual({
      status: 200,
      body: { success: true, dryRun: false, created: 9_200, merged: 800, skipped: 0, companiesCreated: 50, ms: expect.any(Number) },
    });
    expect(await count(a.client)).toBe(9_500);
    expect(await count(a.client, 'crm_companies')).toBe(50);
    // merged into a contact that was there: new name and tag, its phone kept, a company now
    const e0 = await a.client.from('crm_contacts').select('name, phone, tags, crm_companies(name)').eq('email', 'e0@old.test').single();
    expect(e0.data).toEqual({ name: 'Person 0', phone: '111', tags: ['old', 'new'], crm_companies: { name: 'Company 0' } });
    // a repeat within the file: later values win, tags added up, earlier values kept where the later row is empty
    const u300 = await a.client.from('crm_contacts').select('name, phone, tags, source').eq('email', 'u300@new.test').single();
    expect(u300.data).toEqual({ name: 'Dup 300', phone: '222', tags: ['new', 'dup'], source: 'Fair' });
    const nomail = await a.client.from('crm_contacts').select('id', { count: 'exact', head: true }).is('email', null);
    expect(nomail.count).toBe(200);
    // and the month's leads figure counted them once
    const month = `${new Date().toISOString().slice(0, 7)}-01`;
    const leads = await a.client.from('metric_values').select('value, source').eq('metric_id', 'leads').eq('period_start', month).single();
    expect(leads.data).toEqual({ value: 9_500, source: 'crm' });
  }, 300_000);

  it('skip leaves contacts already there as they are and keeps the first of repeated rows', async () => {
    const a = await createTestUser(t);
    await invoke(a.client, 'crm/import', { rows: [{ row: 2, name: 'Ann', email: 'ann@x.test', tags: ['old'] }], onDuplicate: 'skip' });
    const r = await invoke(a.client, 'crm/import', {
      onDuplicate: 'skip',
      rows: [
        { row: 2, name: 'Ann New', email: 'ANN@x.test', tags: ['new'] },
        { row: 3, name: 'Bob', email: 'bob@x.test', company: 'Acme' },
        { row: 4, name: 'Bob Again', email: 'Bob@X.test', company: 'Other' },
        { row: 5, name: 'Cy', email: '' },
      ],
    });
    expect(r.body).toMatchObject({ created: 2, merged: 0, skipped: 2, companiesCreated: 1 });
    const all = await a.client.from('crm_contacts').select('name, email, tags, crm_companies(name)').order('name');
    expect(all.data).toEqual([
      { name: 'Ann', email: 'ann@x.test', tags: ['old'], crm_companies: null },
      { name: 'Bob', email: 'bob@x.test', tags: [], crm_companies: { name: 'Acme' } },
      { name: 'Cy', email: null, tags: [], crm_companies: null },
    ]);
    // a company named differently in case is the same company
    await invoke(a.client, 'crm/import', { rows: [{ row: 2, name: 'Di', company: 'ACME' }], onDuplicate: 'skip' });
    expect(await count(a.client, 'crm_companies')).toBe(1);
  });

  it('refuses malformed bodies and too many rows before any work, and answers only POST', async () => {
    const a = await createTestUser(t);
    const tooMany = Array.from({ length: 20_001 }, (_, i) => ({ row: i + 2, name: 'x' }));
    expect(await invoke(a.client, 'crm/import', { rows: tooMany, onDuplicate: 'merge' })).toEqual({
      status: 400,
      body: { success: false, code: 'validation_failed', error: 'At most 20,000 rows at a time' },
    });
    expect((await invoke(a.client, 'crm/import', { rows: [], onDuplicate: 'merge' })).body).toMatchObject({ error: 'Nothing to import' });
    expect((await invoke(a.client, 'crm/import', { rows: [{ row: 2, name: 'x' }], onDuplicate: 'overwrite' })).status).toBe(400);
    expect((await invoke(a.client, 'crm/import', { rows: [{ row: 2, name: 'x', extra: 1 }], onDuplicate: 'skip' })).body).toMatchObject({
      code: 'crm_import_refused',
      problems: [{ row: 2, field: '', message: expect.stringContaining('extra') }],
    });
    const get = await fetch(`${t.url}/functions/v1/crm/import`, { headers: { authorization: `Bearer ${a.token}` } });
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
    const anon = await fetch(`${t.url}/functions/v1/crm/import`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(anon.status).toBe(401);
    // other routes keep the 1 MB limit
    const big = await fetch(`${t.url}/functions/v1/metrics/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
      body: JSON.stringify({ series: [], pad: 'x'.repeat(1_100_000) }),
    });
    expect(big.status).toBe(413);
    expect(await count(a.client)).toBe(0);
  });
});

describe(`POST /functions/v1/crm/export (${SERVICE_DB})`, () => {
  it('answers the filtered list as CSV with custom columns, spreadsheet formulas defused', async () => {
    const a = await createTestUser(t);
    await a.client.from('crm_custom_fields').insert({ key: 'size', label: 'Team size', type: 'number' });
    await invoke(a.client, 'crm/import', {
      onDuplicate: 'merge',
      rows: [
        {
          row: 2,
          name: 'Ann Lee',
          email: 'ann@x.test',
          company: 'Acme, Inc.',
          tags: ['vip', 'b2b'],
          notes: 'Said "hi"\nTwice',
          custom: { size: '12' },
        },
        { row: 3, name: '=HYPERLINK("http://evil")', email: 'eve@x.test', tags: ['vip'] },
        { row: 4, name: 'Bob', email: 'bob@x.test' },
      ],
    });
    const res = await fetch(`${t.url}/functions/v1/crm/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
      body: JSON.stringify({ filters: { tags: ['vip'] }, sort: 'name' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    // a byte-order mark, so spreadsheets read UTF-8 (fetch's text() would drop it)
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes).split('\r\n');
    expect(lines[0]).toBe('Name,E-mail,Phone,Company,Source,Tags,Notes,Created,Last activity,Team size');
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil""\)",eve@x\.test,,,,vip,,\d{4}-\d{2}-\d{2}T[\d:.]+Z,,$/);
    expect(lines[2]).toMatch(/^Ann Lee,ann@x\.test,,"Acme, Inc\.",,vip; b2b,"Said ""hi""\nTwice",\d{4}-\d{2}-\d{2}T[\d:.]+Z,,12$/);
    expect(lines.slice(3)).toEqual(['']);

    const bad = await invoke(a.client, 'crm/export', { filters: { colour: 'red' } });
    expect(bad).toMatchObject({
      status: 400,
      body: { success: false, code: 'validation_failed', error: expect.stringContaining('colour') },
    });
    // a date filter that is not a date is the caller's mistake, not the server's (the fuzz test found a 500 here)
    for (const value of [-1260, '-1260', 'next week']) {
      const r = await invoke(a.client, 'crm/export', { filters: { no_activity_since: value } });
      expect(r, String(value)).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    }
    expect((await invoke(a.client, 'crm/export', { filters: { no_activity_since: '2026-11-01', tags: null } })).status).toBe(200);
  });
});
