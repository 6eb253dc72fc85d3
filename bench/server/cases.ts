import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { hashPassword, verifyPassword } from '../../server/src/accounts/index.js';
import type { Queryable } from '../../server/src/db/index.js';
import type { Availability } from '../lib/types.js';
import { passwordGrant, RefreshTokenPool, type BenchUser } from './accounts.js';
import { call, describeAnswer, supabaseHeaders, type Target } from './http.js';
import { hostileCase } from './hostile.js';
import type { LoadRequest } from './load.js';

/** What a case needs from the run: the server, the bench account (when /auth/v1 exists) and the concurrency. */
export interface CaseEnv {
  target: Target;
  connections: number;
  user?: BenchUser;
  userAvailability: Availability;
}

export interface PreparedCase {
  availability: Availability;
  requests?: LoadRequest[];
  beforeRun?: () => Promise<void>;
}

/** The same work straight against the database in the bench process (no HTTP, no JWT, no RLS role switch). */
export interface ReferenceDef {
  what: string;
  /** At least this many concurrent callers (the all-core bcrypt bound needs one per core). */
  minWorkers?: number;
  /** One unit of work; `i` is unique per call (for unique e-mails). */
  run(db: Queryable, i: number): Promise<void>;
}

export interface ServerCase {
  id: string;
  title: string;
  prepare(env: CaseEnv): Promise<PreparedCase>;
  reference?: ReferenceDef;
  /** Why there is no reference figure, when there is none. */
  noReference?: string;
}

export const CATALOGUE_PATH = '/rest/v1/integrations?select=id,name,category,rating&category=eq.crm&order=rating.desc&limit=12';
const CATALOGUE_SQL = 'select id, name, category, rating from public.integrations where category = $1 order by rating desc limit 12';
const JOIN_PATH = '/rest/v1/rpc/join_waitlist';
const JOIN_API_PATH = '/api/waitlist';
const ANALYTICS_PATH = '/rest/v1/analytics_events';
export const ANALYTICS_BATCH = 20;

const runId = randomBytes(4).toString('hex');
let joinCounter = 0;
/** Unique per request across the whole run (warm-ups and both databases included), so joins never hit 23505. */
export const uniqueJoin = () => {
  const n = joinCounter++;
  return { p_name: `Bench Visitor ${n}`, p_email: `bench-${runId}-${n}@example.com`, p_source: 'join_waiting_list_page' };
};

export function analyticsBatch(sessionId: string) {
  return Array.from({ length: ANALYTICS_BATCH }, (_, i) => ({
    event_type: i % 4 === 0 ? 'scroll_depth' : 'page_view',
    event_data: { timestamp: new Date().toISOString(), page_path: '/pricing', referrer: '', depth: (i % 4) * 25 },
    session_id: sessionId,
  }));
}

const ok = (): Availability => ({ available: true });
const notAvailable = (reason: string): Availability => ({ available: false, reason });

/** Probes one request first: a missing endpoint (404) or any other failure makes the case "not available". */
async function probe(
  target: Target,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<Availability> {
  try {
    const a = await call(target, method, path, { body, headers });
    return a.status >= 200 && a.status < 300 ? ok() : notAvailable(`${method} ${path.split('?')[0]}: ${describeAnswer(a)}`);
  } catch (err) {
    return notAvailable(err instanceof Error ? err.message : String(err));
  }
}

const health: ServerCase = {
  id: 'health',
  title: 'GET /api/health',
  async prepare({ target }) {
    return { availability: await probe(target, 'GET', '/api/health'), requests: [{ method: 'GET', path: '/api/health' }] };
  },
  reference: { what: 'select 1', run: async (db) => void (await db.query('select 1')) },
};

const catalogueSelect: ServerCase = {
  id: 'select',
  title: 'Catalogue select (filter, order, limit 12)',
  async prepare({ target }) {
    const availability = await probe(target, 'GET', CATALOGUE_PATH);
    return { availability, requests: [{ method: 'GET', path: CATALOGUE_PATH, headers: supabaseHeaders(target, undefined, false) }] };
  },
  reference: { what: 'the same select in SQL', run: async (db) => void (await db.query(CATALOGUE_SQL, ['crm'])) },
};

const EMBED_PATH = '/rest/v1/user_tools?select=integration_id,created_at,integrations(id,name,category,rating)&order=created_at.desc';
const EMBED_SQL = `select t.integration_id, t.created_at, i.id, i.name, i.category, i.rating, count(*) over () as total
  from public.user_tools t join public.integrations i on i.id = t.integration_id
  where t.user_id = $1 order by t.created_at desc`;
let benchUserId: string | undefined;

/** A signed-in user's own rows with an embedded relation and an exact count (RLS on, issue 16's second read). */
const embeddedSelect: ServerCase = {
  id: 'embed',
  title: 'Select with an embedded relation and a count (signed in)',
  async prepare({ target, user, userAvailability }) {
    if (!user) return { availability: userAvailability };
    const grant = await passwordGrant(target, user);
    if (!grant.accessToken) return { availability: notAvailable(`sign-in: ${describeAnswer(grant.answer)}`) };
    const token = grant.accessToken;
    benchUserId = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    const catalogue = await call(target, 'GET', '/rest/v1/integrations?select=id&order=id&limit=5');
    const ids = Array.isArray(catalogue.body) ? (catalogue.body as { id: string }[]).map((r) => r.id) : [];
    if (!ids.length) return { availability: notAvailable(`catalogue: ${describeAnswer(catalogue)}`) };
    const rows = ids.map((integration_id) => ({ integration_id }));
    const insert = await call(target, 'POST', '/rest/v1/user_tools', {
      body: rows,
      token,
      headers: { prefer: 'return=minimal,resolution=ignore-duplicates' },
    });
    if (insert.status >= 300) return { availability: notAvailable(`user_tools insert: ${describeAnswer(insert)}`) };
    const headers = { ...supabaseHeaders(target, token, false), prefer: 'count=exact' };
    return {
      availability: await probe(target, 'GET', EMBED_PATH, undefined, { authorization: `Bearer ${token}`, prefer: 'count=exact' }),
      requests: [{ method: 'GET', path: EMBED_PATH, headers }],
    };
  },
  reference: {
    what: 'the same join and count in SQL',
    run: async (db) => void (await db.query(EMBED_SQL, [benchUserId])),
  },
};

const joinReference: ReferenceDef = {
  what: 'select join_waitlist(...)',
  run: async (db) => {
    const j = uniqueJoin();
    await db.query('select public.join_waitlist($1, $2, $3)', [j.p_name, j.p_email, j.p_source]);
  },
};

/** The join page's own call: validation, join_waitlist, and the confirmation mail (development outbox unless SMTP_URL). */
const waitlistJoinApi: ServerCase = {
  id: 'join-api',
  title: 'Waitlist join, POST /api/waitlist (unique e-mails, with mail)',
  async prepare({ target }) {
    const apiBody = () => {
      const j = uniqueJoin();
      return { name: j.p_name, email: j.p_email, source: j.p_source };
    };
    const availability = await probe(target, 'POST', JOIN_API_PATH, apiBody());
    return {
      availability,
      requests: [
        {
          method: 'POST',
          path: JOIN_API_PATH,
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: JSON.stringify(apiBody()) }),
        },
      ],
    };
  },
  reference: joinReference,
};

const waitlistJoin: ServerCase = {
  id: 'join',
  title: 'Waitlist join, rpc/join_waitlist (unique e-mails)',
  async prepare({ target }) {
    const availability = await probe(target, 'POST', JOIN_PATH, uniqueJoin());
    const headers = supabaseHeaders(target);
    return {
      availability,
      requests: [{ method: 'POST', path: JOIN_PATH, headers, setupRequest: (req) => ({ ...req, body: JSON.stringify(uniqueJoin()) }) }],
    };
  },
  reference: joinReference,
};

const analyticsInsert: ServerCase = {
  id: 'analytics',
  title: `Analytics batch insert (${ANALYTICS_BATCH} events)`,
  async prepare({ target }) {
    const headers = { ...supabaseHeaders(target), prefer: 'return=minimal' };
    const body = JSON.stringify(analyticsBatch(`bench-${runId}`));
    return {
      availability: await probe(target, 'POST', ANALYTICS_PATH, JSON.parse(body), { prefer: 'return=minimal' }),
      requests: [{ method: 'POST', path: ANALYTICS_PATH, headers, body }],
    };
  },
  reference: {
    what: `one insert of ${ANALYTICS_BATCH} rows`,
    run: async (db) => {
      const rows = analyticsBatch(`bench-${runId}`);
      const values = rows.map((_, i) => `($${i * 3 + 1}, $${i * 3 + 2}, $${i * 3 + 3})`).join(', ');
      const params = rows.flatMap((r) => [r.event_type, JSON.stringify(r.event_data), r.session_id]);
      await db.query(`insert into public.analytics_events (event_type, event_data, session_id) values ${values}`, params);
    },
  },
};

const passwordSignIn: ServerCase = {
  id: 'signin',
  title: 'Password sign-in',
  async prepare({ target, user, userAvailability }) {
    if (!user) return { availability: userAvailability };
    const body = JSON.stringify(user);
    return {
      availability: ok(),
      requests: [{ method: 'POST', path: '/auth/v1/token?grant_type=password', headers: supabaseHeaders(target), body }],
    };
  },
  // The machine's bcrypt bound: cost-10 compares through the server's own verifyPassword on every core at once
  // (native, libuv pool), in the same run. A sign-in can be no faster; the rest (user lookup, session, tokens, audit
  // row) is our overhead. The reference loop's callers are raised to at least the core count so that every core hashes.
  reference: {
    what: `bcrypt compare (cost 10) on all ${os.availableParallelism()} cores`,
    minWorkers: os.availableParallelism(),
    run: (() => {
      let hash: Promise<string> | undefined;
      return async () => {
        hash ??= hashPassword('reference-password', 10);
        await verifyPassword('reference-password', await hash, 10);
      };
    })(),
  },
};

const refreshGrant: ServerCase = {
  id: 'refresh',
  title: 'Refresh-token grant (rotating)',
  async prepare({ target, user, userAvailability, connections }) {
    if (!user) return { availability: userAvailability };
    const pool = new RefreshTokenPool(target, user);
    await pool.refill(1);
    const first = pool.take();
    const check = await call(target, 'POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: first } });
    if (check.status !== 200) return { availability: notAvailable(`refresh grant: ${describeAnswer(check)}`) };
    return {
      availability: ok(),
      beforeRun: () => pool.refill(connections * 2),
      requests: [
        {
          method: 'POST',
          path: '/auth/v1/token?grant_type=refresh_token',
          headers: supabaseHeaders(target),
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ refresh_token: pool.take() }) }),
          onResponse: (status, body) => {
            if (status !== 200) return;
            try {
              pool.giveBack((JSON.parse(body) as { refresh_token?: string }).refresh_token);
            } catch {
              // an unparsable answer loses one token; the pool has slack
            }
          },
        },
      ],
    };
  },
  noReference: 'each call spends a live token the server minted; its database work is one call of auth.refresh_grant',
};

export const SERVER_CASES: ServerCase[] = [
  health,
  catalogueSelect,
  embeddedSelect,
  waitlistJoinApi,
  waitlistJoin,
  analyticsInsert,
  passwordSignIn,
  refreshGrant,
  hostileCase,
];
