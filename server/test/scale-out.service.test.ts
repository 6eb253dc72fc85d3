// Two server processes on one PostgreSQL with REDIS_URL, as compose.yaml runs them behind the proxy: sessions and
// refresh across them, refresh-token reuse caught across them, rate limits counted across them, simultaneous
// start-up on an empty database, and a stop in mid-traffic that loses no acknowledged write.
// Runs in the service-pg project only, and only with TEST_REDIS_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_DB, freshPostgresDatabase } from './harness.js';
import { serverEntry } from './child-server.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REDIS = process.env.TEST_REDIS_URL;
// A fresh address per run: Redis counters outlive the run by five minutes and may be shared with other suites.
const fakeIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, serverEntry('main'), {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in 60 s:\n${out}`)), 60_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /"url":"(http:\/\/[^"]+)".*"msg":"listening"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ name, url: m[1]!, child, exited, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before listening:\n${out}`));
    });
  });
}

async function stopInstance(i: Instance): Promise<number | null> {
  if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGTERM');
  return i.exited;
}

describe.skipIf(SERVICE_DB !== 'postgres' || !REDIS)('two instances on one PostgreSQL with Redis', () => {
  let a: Instance;
  let b: Instance;
  let db: { url: string; drop: () => Promise<void> };
  let sql: pg.Client;
  let anonKey = '';
  const dirs: string[] = [];

  const auth = async (i: Instance, route: string, body: unknown, ip: string, token?: string) => {
    const r = await fetch(`${i.url}/auth/v1/${route}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        apikey: anonKey,
        'content-type': 'application/json',
        'x-forwarded-for': ip,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: r.status,
      body: (await r.json()) as Record<string, unknown> & { access_token?: string; refresh_token?: string; error_code?: string },
    };
  };

  beforeAll(async () => {
    db = await freshPostgresDatabase();
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    const shared = {
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATABASE_URL: db.url,
      REDIS_URL: REDIS!,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SITE_URL: 'http://127.0.0.1:9',
      TRUST_PROXY: 'true',
      AUTH_BCRYPT_COST: '4',
      PGLITE_SHARED_BUFFERS_MB: '16',
      AUTH_RATE_LIMIT_IP: '6',
      AUTH_EMAIL_MIN_INTERVAL: '0',
    };
    const instance = (name: string) => {
      const dir = mkdtempSync(path.join(tmpdir(), `scale-${name}-`));
      dirs.push(dir);
      return startInstance(name, { ...shared, DATA_DIR: dir });
    };
    // Both at once on an empty database: the migrator's advisory lock must serialise them.
    [a, b] = await Promise.all([instance('a'), instance('b')]);
    anonKey = ((await (await fetch(`${a.url}/api/config`)).json()) as { anonKey: string }).anonKey;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((i) => stopInstance(i)));
    await sql?.end();
    await db?.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }, 60_000);

  it('both start at once on an empty database; every migration is applied exactly once', async () => {
    for (const i of [a, b]) expect((await fetch(`${i.url}/api/health`)).status).toBe(200);
    const { rows } = await sql.query<{ version: string; name: string; n: string }>(
      'select version, max(name) as name, count(*) as n from supabase_migrations.schema_migrations group by version',
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => r.n === '1')).toBe(true);
    // between them they applied each file once (whoever took the lock first), and neither failed
    const appliedBy = (i: Instance) =>
      i
        .output()
        .split('\n')
        .filter((l) => l.includes('"msg":"migrations applied"'))
        .flatMap((l) => (JSON.parse(l) as { applied: string[] }).applied);
    const both = [...appliedBy(a), ...appliedBy(b)].sort();
    expect(both).toEqual(rows.map((r) => `${r.version}_${r.name}.sql`).sort()); // the history keys files as the CLI does
  });

  it('a session made on one is used and refreshed on the other', async () => {
    const ip = fakeIp();
    const email = `scale-${randomBytes(4).toString('hex')}@example.com`;
    const made = await auth(a, 'signup', { email, password: 'a-long-scale-out-password-1' }, ip);
    expect(made.status).toBe(200);
    const onB = await auth(b, 'user', undefined, ip, made.body.access_token);
    expect(onB.status).toBe(200);
    expect(onB.body.email).toBe(email);
    const refreshed = await auth(b, 'token?grant_type=refresh_token', { refresh_token: made.body.refresh_token }, ip);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(made.body.refresh_token);
    expect((await auth(a, 'user', undefined, ip, refreshed.body.access_token)).status).toBe(200);
  });

  it('refresh-token reuse on one instance is caught for a token rotated on the other', async () => {
    const ip = fakeIp();
    const email = `reuse-${randomBytes(4).toString('hex')}@example.com`;
    const made = await auth(a, 'signup', { email, password: 'a-long-scale-out-password-2' }, ip);
    const first = made.body.refresh_token;
    const rotated = await auth(b, 'token?grant_type=refresh_token', { refresh_token: first }, ip);
    expect(rotated.status).toBe(200);
    // age the revoked token past AUTH_REFRESH_REUSE_INTERVAL (10 s) instead of waiting
    await sql.query(`update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where revoked`);
    const replay = await auth(a, 'token?grant_type=refresh_token', { refresh_token: first }, ip);
    expect(replay.status).toBe(400);
    expect(replay.body.error_code).toBe('refresh_token_already_used');
    // the whole session is revoked, on both instances
    const latest = await auth(b, 'token?grant_type=refresh_token', { refresh_token: rotated.body.refresh_token }, ip);
    expect(latest.body.error_code).toBe('refresh_token_not_found');
    expect((await auth(b, 'user', undefined, ip, rotated.body.access_token)).status).toBe(403);
  });

  it('rate limits count across both instances (Redis), not per process', async () => {
    const ip = fakeIp();
    const recover = (i: Instance) => auth(i, 'recover', { email: `nobody-${randomBytes(3).toString('hex')}@example.com` }, ip);
    // AUTH_RATE_LIMIT_IP=6: three on each instance use up the address's budget...
    for (let n = 0; n < 3; n++) {
      expect((await recover(a)).status).toBe(200);
      expect((await recover(b)).status).toBe(200);
    }
    // ...so the seventh is refused on either, though each process saw only three
    expect((await recover(a)).status).toBe(429);
    expect((await recover(b)).status).toBe(429);
    // the counter lives in Redis (REDIS_URL), not in the PostgreSQL fallback store
    const redis = new Redis(REDIS!, { lazyConnect: true });
    try {
      await redis.connect();
      expect(Number(await redis.get(`auth-recover-ip:${ip}`))).toBeGreaterThanOrEqual(6);
    } finally {
      redis.disconnect();
    }
  });

  it('stopping one in mid-traffic loses no acknowledged write', async () => {
    const acknowledged: string[] = [];
    let failed = 0;
    let sent = 0;
    let stopping: Promise<number | null> | undefined;
    const signUp = async () => {
      const n = sent++;
      // the proxy would send the next request to the other instance; this test keeps hitting the one stopping
      const r = await auth(
        a,
        'signup',
        { email: `write-${n}-${randomBytes(3).toString('hex')}@example.com`, password: 'a-long-scale-out-password-3' },
        fakeIp(),
      ).catch(() => undefined);
      const id = (r?.body.user as { id?: string } | undefined)?.id;
      if (r?.status === 200 && id) acknowledged.push(id);
      else failed++;
      if (acknowledged.length === 15 && !stopping) stopping = stopInstance(a);
    };
    // four clients in parallel, each sending until the instance is gone
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let k = 0; k < 40 && (!stopping || a.child.exitCode === null); k++) await signUp();
      }),
    );
    expect(await stopping).toBe(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(15);
    const { rows } = await sql.query<{ id: string }>('select id::text from auth.users where id = any($1::uuid[])', [acknowledged]);
    expect(rows.length).toBe(acknowledged.length);
    // the other instance carries on, and sees every write
    expect((await fetch(`${b.url}/api/health`)).status).toBe(200);
    const after = await auth(
      b,
      'signup',
      { email: `after-${randomBytes(3).toString('hex')}@example.com`, password: 'a-long-scale-out-password-4' },
      fakeIp(),
    );
    expect(after.status).toBe(200);
    console.info(`scale-out stop: ${sent} sign-ups sent, ${acknowledged.length} acknowledged (all stored), ${failed} refused or cut off`);
  }, 60_000);
});
