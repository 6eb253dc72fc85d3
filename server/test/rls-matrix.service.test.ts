import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';
import { anonClient, createTestUser, serviceClient, type TestUser } from './tokens.js';

/**
 * Every app table x role (visitor, owner, another user, admin, service role) x operation, through /rest/v1.
 * For each cell a fresh owner and a fresh owner's row are made, so operations do not depend on each other.
 * Outcomes: rows = the owner's row was seen/changed; none = the call succeeded but touched nothing;
 * denied = 42501; ok = insert accepted; conflict = 23505 (the row already exists); skip = not exercised.
 */
type Role = 'anon' | 'owner' | 'other' | 'admin' | 'service';
type Outcome = 'rows' | 'none' | 'denied' | 'ok' | 'conflict' | 'skip';
type Row = Record<string, unknown>;
const ROLES: Role[] = ['anon', 'owner', 'other', 'admin', 'service'];

interface TableCase {
  table: string;
  key: string;
  /** Creates the owner's row with the service role (or relies on the sign-up trigger) and returns its key. */
  seed: (service: SupabaseClient, ownerId: string) => Promise<unknown>;
  insert: (role: Role, ownerId: string) => Row;
  update: Row;
  /** [select, insert, update, delete] per role */
  expect: Record<Role, [Outcome, Outcome, Outcome, Outcome]>;
}

const uniq = () => randomUUID().slice(0, 8);
async function seedRow(service: SupabaseClient, table: string, row: Row, key: string) {
  const { data, error } = await service.from(table).insert(row).select(key).single();
  if (error) throw new Error(`seed ${table}: ${error.message}`);
  return (data as unknown as Row)[key];
}
const byUser = (ownerId: string) => async () => ownerId;
const own = (role: Role, ownerId: string, row: Row): Row => (role === 'service' ? { ...row, user_id: ownerId } : row);

const publicWrite = {
  anon: ['denied', 'ok', 'denied', 'denied'],
  owner: ['none', 'ok', 'denied', 'denied'],
  other: ['none', 'ok', 'denied', 'denied'],
  admin: ['rows', 'ok', 'denied', 'denied'],
  service: ['rows', 'ok', 'rows', 'rows'],
} as TableCase['expect'];
const inbox = {
  anon: ['denied', 'ok', 'denied', 'denied'],
  owner: ['rows', 'ok', 'denied', 'denied'],
  other: ['none', 'ok', 'denied', 'denied'],
  admin: ['rows', 'ok', 'denied', 'denied'],
  service: ['rows', 'ok', 'rows', 'rows'],
} as TableCase['expect'];
const catalogue = {
  anon: ['rows', 'denied', 'denied', 'denied'],
  owner: ['rows', 'denied', 'denied', 'denied'],
  other: ['rows', 'denied', 'denied', 'denied'],
  admin: ['rows', 'denied', 'denied', 'denied'],
  service: ['rows', 'ok', 'rows', 'rows'],
} as TableCase['expect'];
const readOwn = {
  anon: ['denied', 'denied', 'denied', 'denied'],
  owner: ['rows', 'denied', 'denied', 'denied'],
  other: ['none', 'denied', 'denied', 'denied'],
  admin: ['rows', 'denied', 'denied', 'denied'],
} as Omit<TableCase['expect'], 'service'>;

const integration = () => ({
  id: `t-${uniq()}`,
  name: 'T',
  description: 'T',
  category: 'business',
  icon: 'x',
  rating: 4,
  actions: ['a', 'b', 'c', 'd'],
});

const CASES: TableCase[] = [
  {
    table: 'ebook_subscribers',
    key: 'id',
    seed: (s) => seedRow(s, 'ebook_subscribers', { name: 'Sub', email: `${uniq()}@example.com` }, 'id'),
    insert: () => ({ name: 'New', email: `${uniq()}@example.com`, status: 'waiting', source: 'join_waiting_list_page' }),
    update: { status: 'invited' },
    expect: {
      anon: ['denied', 'ok', 'denied', 'denied'],
      owner: ['none', 'ok', 'none', 'none'],
      other: ['none', 'ok', 'none', 'none'],
      admin: ['rows', 'ok', 'rows', 'rows'],
      service: ['rows', 'ok', 'rows', 'rows'],
    },
  },
  {
    table: 'analytics_events',
    key: 'id',
    seed: (s, o) => seedRow(s, 'analytics_events', { event_type: 'seed', user_id: o }, 'id'),
    insert: () => ({ event_type: 'page_view', event_data: { path: '/' } }),
    update: { event_type: 'changed' },
    expect: publicWrite,
  },
  {
    table: 'security_audit_log',
    key: 'id',
    seed: (s, o) => seedRow(s, 'security_audit_log', { event_type: 'seed', user_id: o }, 'id'),
    insert: () => ({ event_type: 'client.auth_error', event_details: { reason: 'test' }, severity: 'warn' }),
    update: { severity: 'critical' },
    expect: publicWrite,
  },
  {
    table: 'user_sessions',
    key: 'id',
    seed: (s, o) =>
      seedRow(
        s,
        'user_sessions',
        { user_id: o, session_token: `tok-${randomUUID()}`, expires_at: new Date(Date.now() + 3600e3).toISOString() },
        'id',
      ),
    insert: (r, o) => own(r, o, { session_token: `tok-${randomUUID()}`, is_remembered: true, device_fingerprint: 'f'.repeat(32) }),
    update: { is_remembered: true },
    expect: {
      anon: ['denied', 'denied', 'denied', 'denied'],
      owner: ['rows', 'ok', 'rows', 'rows'],
      other: ['none', 'ok', 'none', 'none'],
      admin: ['none', 'ok', 'none', 'none'],
      service: ['rows', 'ok', 'rows', 'rows'],
    },
  },
  {
    table: 'profiles',
    key: 'id',
    seed: (_s, o) => byUser(o)(),
    insert: (_r, o) => ({ id: o, first_name: 'Impostor' }),
    update: { first_name: 'Changed' },
    expect: {
      anon: ['denied', 'denied', 'denied', 'denied'],
      owner: ['rows', 'conflict', 'rows', 'denied'],
      other: ['none', 'denied', 'none', 'denied'],
      admin: ['rows', 'denied', 'none', 'denied'],
      service: ['rows', 'conflict', 'rows', 'rows'],
    },
  },
  {
    table: 'business_profiles',
    key: 'user_id',
    seed: (_s, o) => byUser(o)(),
    insert: (_r, o) => ({ user_id: o, business_name: 'Impostor' }),
    update: { business_name: 'Changed' },
    expect: {
      anon: ['denied', 'denied', 'denied', 'denied'],
      owner: ['rows', 'conflict', 'rows', 'rows'],
      other: ['none', 'denied', 'none', 'none'],
      admin: ['rows', 'denied', 'none', 'none'],
      service: ['rows', 'conflict', 'rows', 'rows'],
    },
  },
  {
    table: 'connection_ideas',
    key: 'id',
    seed: (s, o) => seedRow(s, 'connection_ideas', { user_id: o, from_tool: 'a', to_tool: 'b', idea: 'seed' }, 'id'),
    insert: (r, o) => own(r, o, { from_tool: 'Slack', to_tool: 'Notion', idea: 'Sync notes' }),
    update: { idea: 'changed' },
    expect: {
      anon: ['denied', 'denied', 'denied', 'denied'],
      owner: ['rows', 'ok', 'rows', 'rows'],
      other: ['none', 'ok', 'none', 'none'],
      admin: ['rows', 'ok', 'none', 'none'],
      service: ['rows', 'ok', 'rows', 'rows'],
    },
  },
  {
    table: 'integration_requests',
    key: 'id',
    seed: (s, o) => seedRow(s, 'integration_requests', { user_id: o, service_name: 'X', description: 'Y', use_case: 'Z' }, 'id'),
    insert: () => ({ service_name: 'Pipedrive', description: 'CRM', use_case: 'Deals' }),
    update: { status: 'handled' },
    expect: inbox,
  },
  {
    table: 'connection_requests',
    key: 'id',
    seed: (s, o) => seedRow(s, 'connection_requests', { user_id: o, source_app: 'X', target_app: 'Y', description: 'Z' }, 'id'),
    insert: () => ({ source_app: 'Shopify', target_app: 'Xero', description: 'Sync orders' }),
    update: { status: 'handled' },
    // basic-plan trial users (owner, other, admin) have no connect_anything_custom uses
    expect: {
      ...inbox,
      anon: ['denied', 'denied', 'denied', 'denied'],
      owner: ['rows', 'denied', 'denied', 'denied'],
      other: ['none', 'denied', 'denied', 'denied'],
      admin: ['rows', 'denied', 'denied', 'denied'],
    },
  },
  {
    table: 'contact_messages',
    key: 'id',
    seed: (s, o) => seedRow(s, 'contact_messages', { user_id: o, name: 'X', email: 'x@example.com', message: 'Hi' }, 'id'),
    insert: () => ({ name: 'Visitor', email: 'v@example.com', message: 'Hello' }),
    update: { status: 'handled' },
    expect: inbox,
  },
  {
    table: 'consent_records',
    key: 'id',
    seed: (s, o) => seedRow(s, 'consent_records', { user_id: o, performance: true }, 'id'),
    insert: () => ({ necessary: true, performance: true, functional: false, targeting: false, accepted: true }),
    update: { functional: true },
    expect: inbox,
  },
  {
    table: 'integrations',
    key: 'id',
    seed: (s) => seedRow(s, 'integrations', integration(), 'id'),
    insert: integration,
    update: { rating: 4.2 },
    expect: catalogue,
  },
  {
    table: 'plans',
    key: 'id',
    seed: async () => 'growth',
    insert: () => ({ id: 'basic', name: 'x', description: 'x', credits: 1, modules: [], features: [], button_text: 'x', sort_order: 9 }),
    update: { description: 'Unlimited coaching, SEO and a dedicated account manager to scale.' },
    expect: { ...catalogue, service: ['rows', 'conflict', 'rows', 'skip'] },
  },
  {
    table: 'subscriptions',
    key: 'user_id',
    seed: (_s, o) => byUser(o)(),
    insert: (_r, o) => ({ user_id: o, plan_id: 'enterprise', status: 'active' }),
    update: { plan_id: 'enterprise', status: 'active' },
    expect: { ...readOwn, service: ['rows', 'conflict', 'rows', 'rows'] },
  },
  {
    table: 'credit_ledger',
    key: 'id',
    seed: (s, o) => seedRow(s, 'credit_ledger', { user_id: o, delta: 5, reason: 'seed' }, 'id'),
    insert: (_r, o) => ({ user_id: o, delta: 100000, reason: 'free money' }),
    update: { delta: 999999 },
    expect: { ...readOwn, service: ['rows', 'ok', 'rows', 'rows'] },
  },
];

let t: TestServer;
let service: SupabaseClient;
let anon: SupabaseClient;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_DISABLED: 'true' });
  service = serviceClient(t);
  anon = anonClient(t);
  other = await createTestUser(t);
  admin = await createTestUser(t, { admin: true });
});
afterAll(() => t?.close());

function outcomeOf(
  res: { error: { code?: string; message: string } | null; count?: number | null; data?: unknown },
  kind: 'read' | 'write' | 'insert',
): Outcome {
  if (res.error) {
    if (res.error.code === '42501') return 'denied';
    if (res.error.code === '23505') return 'conflict';
    throw new Error(`unexpected error ${res.error.code}: ${res.error.message}`);
  }
  if (kind === 'insert') return 'ok';
  const n = kind === 'read' ? (res.data as unknown[]).length : res.count!;
  return n > 0 ? 'rows' : 'none';
}

describe(`row-level security matrix (${SERVICE_DB})`, () => {
  for (const tc of CASES) {
    describe(tc.table, () => {
      for (const role of ROLES) {
        it(`${role}: ${tc.expect[role].join(', ')}`, async () => {
          const owner = await createTestUser(t);
          const client = { anon, owner: owner.client, other: other.client, admin: admin.client, service }[role];
          const [sel, ins, upd, del] = tc.expect[role];
          const id = await tc.seed(service, owner.id);
          const got: Outcome[] = [];
          got.push(
            outcomeOf(
              await client
                .from(tc.table)
                .select(tc.key)
                .eq(tc.key, id as string),
              'read',
            ),
          );
          got.push(ins === 'skip' ? 'skip' : outcomeOf(await client.from(tc.table).insert(tc.insert(role, owner.id)), 'insert'));
          got.push(
            upd === 'skip'
              ? 'skip'
              : outcomeOf(
                  await client
                    .from(tc.table)
                    .update(tc.update, { count: 'exact' })
                    .eq(tc.key, id as string),
                  'write',
                ),
          );
          got.push(
            del === 'skip'
              ? 'skip'
              : outcomeOf(
                  await client
                    .from(tc.table)
                    .delete({ count: 'exact' })
                    .eq(tc.key, id as string),
                  'write',
                ),
          );
          expect(got).toEqual([sel, ins, upd, del]);
        });
      }
    });
  }
});
