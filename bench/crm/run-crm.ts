import path from 'node:path';
import type { CrmImportRow } from '@app/shared/crm';
import type { Database } from '../../server/src/db/index.js';
import { openPglite } from '../../server/src/db/pglite/pglite.js';
import { openPostgres } from '../../server/src/db/postgres/postgres.js';
import { fmtInt, fmtMs, fmtRatio, markdownTable } from '../lib/format.js';
import type { BenchOptions } from '../lib/options.js';
import { errorText, progress } from '../lib/progress.js';
import { summarise } from '../lib/stats.js';
import type { Availability } from '../lib/types.js';
import { createBenchUser, passwordGrant } from '../server/accounts.js';
import { startChildServer, type ChildServer } from '../server/child-server.js';

/**
 * The CRM (issue 43) at 50,000 contacts and 5,000 deals: search, list pages and the board's first load through
 * /rest/v1/rpc (one caller, each request after the last: what one person waits for), beside the same function
 * calls run straight on the database with the user's claims set (no HTTP, no JWT check, no PostgREST layer) as the
 * reference ratio. The contacts go in through POST /functions/v1/crm/import, 10,000 a request, timed too.
 */
export interface CrmCase {
  id: string;
  title: string;
  p50Ms?: number;
  p99Ms?: number;
  samples?: number;
  refP50Ms?: number;
  refP99Ms?: number;
  error?: string;
}

export interface CrmPart {
  availability: Availability;
  database: 'pglite' | 'postgres';
  contacts: number;
  deals: number;
  /** Each 10,000-row import's time, in order (the table grows from 0 to 50,000). */
  importMs: number[];
  cases: CrmCase[];
  durationSeconds: number;
}

const CONTACTS = 50_000;
const DEALS = 5_000;
const FIRST = ['Ann', 'Bob', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ian', 'Jo', 'Kai', 'Lena', 'Max', 'Nia', 'Omar', 'Pia'];
const LAST = ['Anderson', 'Brown', 'Clarke', 'Davies', 'Evans', 'Fletcher', 'Green', 'Hughes', 'Iqbal', 'Jones', 'Khan', 'Lewis'];
const TAGS = ['vip', 'newsletter', 'wholesale', 'trade fair', 'referral', 'b2b', 'cold', 'warm'];

/** Deterministic people: 16 × 12 name pairs, a number to tell them apart, 2,000 companies, 0–2 tags. */
function contactRow(i: number): CrmImportRow {
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
  const company = `${LAST[i % LAST.length]} ${['Bakes', 'Builders', 'Design', 'Legal', 'Foods'][i % 5]} ${i % 400}`;
  const tags = TAGS.filter((_, k) => (i * 7 + k * 13) % 11 === 0);
  return {
    row: (i % 10_000) + 2,
    name: `${first} ${last} ${i}`,
    email: `${first}.${last}.${i}@${company.toLowerCase().replaceAll(' ', '')}.test`,
    phone: `+44 7700 ${String(900_000 + (i % 100_000)).padStart(6, '0')}`,
    company,
    tags,
    source: i % 3 ? 'Website' : 'Trade fair',
  };
}

async function rpc(url: string, token: string, anonKey: string, fn: string, args: Record<string, unknown>) {
  const r = await fetch(`${url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${fn}: HTTP ${r.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as unknown;
}

/** One caller, each call after the last, for `seconds` after a warm-up: latencies in ms. */
async function timed(seconds: number, warmupSeconds: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  let i = 0;
  const warm = performance.now() + warmupSeconds * 1000;
  while (performance.now() < warm) await run(i++);
  const until = performance.now() + seconds * 1000;
  const times: number[] = [];
  while (performance.now() < until) {
    const t0 = performance.now();
    await run(i++);
    times.push(performance.now() - t0);
  }
  return times;
}

interface CaseDef {
  id: string;
  title: string;
  fn: string;
  args: (i: number) => Record<string, unknown>;
}

export async function runCrmPart(o: BenchOptions): Promise<CrmPart[]> {
  const parts = [await runOn('pglite', o)];
  if (o.testDatabaseUrl) parts.push(await runOn('postgres', o));
  return parts;
}

async function runOn(database: 'pglite' | 'postgres', o: BenchOptions): Promise<CrmPart> {
  const part: CrmPart = {
    availability: { available: true },
    database,
    contacts: 0,
    deals: 0,
    importMs: [],
    cases: [],
    durationSeconds: o.durationSeconds,
  };
  const pgdb = database === 'postgres' ? await (await import('../../server/test/harness.js')).freshPostgresDatabase() : undefined;
  let server: ChildServer | undefined;
  let db: Database | undefined;
  try {
    server = await startChildServer(pgdb ? { DATABASE_URL: pgdb.url } : {});
    const target = { url: server.url, anonKey: server.anonKey };
    const account = await createBenchUser(target);
    if (!account.user) return { ...part, availability: account.availability };
    const token = (await passwordGrant(target, account.user)).accessToken!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

    progress(`crm/${database}: importing ${fmtInt(CONTACTS)} contacts, 10,000 a request`);
    for (let start = 0; start < CONTACTS; start += 10_000) {
      const rows = Array.from({ length: 10_000 }, (_, k) => contactRow(start + k));
      const t0 = performance.now();
      const r = await fetch(`${server.url}/functions/v1/crm/import`, {
        method: 'POST',
        headers: { apikey: server.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ rows, onDuplicate: 'merge' }),
      });
      const body = (await r.json()) as { created?: number };
      if (r.status !== 200) throw new Error(`import: HTTP ${r.status} ${JSON.stringify(body).slice(0, 200)}`);
      part.importMs.push(performance.now() - t0);
      part.contacts += body.created ?? 0;
      progress(`crm/${database}: ${fmtInt(part.contacts)} contacts (last 10,000 in ${fmtMs(part.importMs.at(-1))})`);
    }

    // the board's stages, then 5,000 deals over the open stages and won/lost, each on a contact, 100 a request
    const board = (await rpc(server.url, token, server.anonKey, 'crm_board', {})) as { stages: { id: string }[] };
    const contactIds: string[] = [];
    let after: { sort_key: string; id: string } | undefined;
    while (contactIds.length < DEALS) {
      const page = (await rpc(server.url, token, server.anonKey, 'crm_search_contacts', {
        p_limit: 200,
        p_sort: 'created',
        p_after_key: after?.sort_key ?? null,
        p_after_id: after?.id ?? null,
      })) as { id: string; sort_key: string }[];
      contactIds.push(...page.map((c) => c.id));
      after = page.at(-1);
    }
    for (let start = 0; start < DEALS; start += 100) {
      const deals = Array.from({ length: 100 }, (_, k) => {
        const i = start + k;
        return {
          title: `Deal ${i}`,
          value: 100 + ((i * 37) % 9_900),
          stage_id: board.stages[i % board.stages.length]!.id,
          contact_id: contactIds[i],
        };
      });
      const r = await fetch(`${server.url}/rest/v1/crm_deals`, {
        method: 'POST',
        headers: { apikey: server.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=minimal' },
        body: JSON.stringify(deals),
      });
      if (r.status !== 201) throw new Error(`deals: HTTP ${r.status} ${(await r.text()).slice(0, 200)}`);
      part.deals += deals.length;
    }
    progress(`crm/${database}: ${fmtInt(part.deals)} deals on ${board.stages.length} stages`);

    // a name in the last tenth of the A–Z list: a keyset page that deep
    const deepKey = `${FIRST.at(-1)!.toLowerCase()} `;
    const words = ['anders', 'khan 4', 'legal', 'newsletter', 'iqbal foods', '7700 93'];
    const CASES: CaseDef[] = [
      { id: 'list', title: 'contacts, first page (A–Z, 50)', fn: 'crm_search_contacts', args: () => ({ p_limit: 50 }) },
      {
        id: 'deep',
        title: 'contacts, a page 45,000 rows in (keyset)',
        fn: 'crm_search_contacts',
        args: () => ({ p_limit: 50, p_after_key: deepKey, p_after_id: '00000000-0000-0000-0000-000000000000' }),
      },
      {
        id: 'search',
        title: 'search, a word or two (50)',
        fn: 'crm_search_contacts',
        args: (i) => ({ p_query: words[i % words.length], p_limit: 50 }),
      },
      {
        id: 'filter',
        title: 'filter by tag, newest first (50)',
        fn: 'crm_search_contacts',
        args: () => ({ p_filters: { tags: ['vip'] }, p_sort: 'created', p_limit: 50 }),
      },
      { id: 'count', title: 'count for a search', fn: 'crm_count_contacts', args: (i) => ({ p_query: words[i % words.length] }) },
      { id: 'board', title: "the board's first load (5 stages, 50 cards each)", fn: 'crm_board', args: () => ({ p_per_stage: 50 }) },
    ];
    for (const c of CASES) {
      progress(`crm/${database}: ${c.id}, ${o.durationSeconds} s`);
      try {
        const times = await timed(o.durationSeconds, o.warmupSeconds, (i) => rpc(server!.url, token, server!.anonKey, c.fn, c.args(i)));
        const s = summarise(times);
        part.cases.push({ id: c.id, title: c.title, p50Ms: s.p50, p99Ms: s.p99, samples: s.count });
      } catch (err) {
        part.cases.push({ id: c.id, title: c.title, error: errorText(err) });
      }
    }

    // the same calls straight on the database, the server stopped so nothing competes for the CPU
    await server.stop();
    db = pgdb ? await openPostgres(pgdb.url, 2) : await openPglite(path.join(server.dataDir, 'pgdata'));
    for (const c of CASES) {
      const result = part.cases.find((r) => r.id === c.id)!;
      if (result.error) continue;
      const keys = Object.keys(c.args(0));
      const sql = `select public.${c.fn}(${keys.map((k, n) => `${k} => $${n + 1}${k === 'p_filters' ? '::jsonb' : ''}`).join(', ')})`;
      const times = await timed(o.durationSeconds, o.warmupSeconds, (i) =>
        db!.transaction(async (tx) => {
          await tx.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
            JSON.stringify(claims),
          ]);
          const args = c.args(i);
          return tx.query(
            sql,
            keys.map((k) => (k === 'p_filters' ? JSON.stringify(args[k]) : args[k])),
          );
        }),
      );
      const s = summarise(times);
      result.refP50Ms = s.p50;
      result.refP99Ms = s.p99;
    }
    return part;
  } catch (err) {
    return { ...part, availability: { available: false, reason: errorText(err).slice(0, 300) } };
  } finally {
    await db?.close();
    await server?.stop({ removeData: true });
    await pgdb?.drop().catch((err: unknown) => progress(`crm/postgres: could not drop the bench database: ${String(err)}`));
  }
}

export function crmSection(c: CrmPart): string {
  const db = c.database === 'postgres' ? 'PostgreSQL' : 'PGlite';
  if (!c.availability.available) return `## CRM (${db})\n\nNot available: ${c.availability.reason}`;
  const imports = c.importMs.map((ms) => fmtMs(ms)).join(', ');
  return [
    `## CRM (${db})`,
    '',
    `${fmtInt(c.contacts)} contacts and ${fmtInt(c.deals)} deals of one customer. One caller, each request after the last, ${c.durationSeconds} s per case, ` +
      'through /rest/v1/rpc; the reference is the same function call straight on the database with the same claims (no HTTP, JWT or PostgREST layer).',
    '',
    markdownTable(
      ['Case', 'p50', 'p99', 'Requests', 'Direct p50', 'Direct p99', 'p50 ÷ direct'],
      c.cases.map((x) =>
        x.error
          ? [x.title, x.error, '', '', '', '', '']
          : [
              x.title,
              fmtMs(x.p50Ms),
              fmtMs(x.p99Ms),
              fmtInt(x.samples),
              fmtMs(x.refP50Ms),
              fmtMs(x.refP99Ms),
              fmtRatio(x.p50Ms && x.refP50Ms ? x.p50Ms / x.refP50Ms : null),
            ],
      ),
      [false, true, true, true, true, true, true],
    ),
    '',
    `The contacts went in through POST /functions/v1/crm/import, 10,000 rows a request: ${imports} (the table growing from 0 to ${fmtInt(c.contacts)}).`,
  ].join('\n');
}
