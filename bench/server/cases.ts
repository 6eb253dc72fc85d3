import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Queryable } from '../../server/src/db/index.js';
import type { Availability } from '../lib/types.js';
import { RefreshTokenPool, type BenchUser } from './accounts.js';
import { call, describeAnswer, supabaseHeaders, type Target } from './http.js';
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
  // bcrypt is the floor of a sign-in; the rest (user lookup, session, tokens, audit row) is our overhead
  reference: {
    what: 'bcrypt compare (cost 10)',
    run: (() => {
      let hash: Promise<string> | undefined;
      return async () => {
        hash ??= bcrypt.hash('reference-password', 10);
        await bcrypt.compare('reference-password', await hash);
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
  noReference: 'rotation is several statements in the accounts service',
};

export const SERVER_CASES: ServerCase[] = [
  health,
  catalogueSelect,
  waitlistJoinApi,
  waitlistJoin,
  analyticsInsert,
  passwordSignIn,
  refreshGrant,
];
