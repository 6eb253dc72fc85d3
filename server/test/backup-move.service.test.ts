import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/index.js';
import { startServer, type RunningServer } from '../src/server.js';
import { freshPostgresDatabase, SERVICE_DB } from './harness.js';
import { runScript, startChild, type ChildServer } from './child-server.js';
import { migratedDataDir } from './support/db-template.js';

const noSession = { auth: { persistSession: false, autoRefreshToken: false } };
const join = (url: string, email: string) =>
  fetch(`${url}/api/waitlist`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Backup Test', email }),
  });

async function embeddedRows(dir: string) {
  const db = await openDatabase({ DATA_DIR: dir });
  try {
    return (
      await db.query<{ email: string; waitlist_position: number }>(
        'select email, waitlist_position from public.ebook_subscribers order by waitlist_position',
      )
    ).rows;
  } finally {
    await db.close();
  }
}

// Issue 19: backup while the embedded server runs; restore refuses while the folder is held.
describe.skipIf(SERVICE_DB !== 'pglite')('npm run backup / restore', { timeout: 240_000 }, () => {
  let dir: string;
  let server: ChildServer;
  const file = () => path.join(dir, '..', `${path.basename(dir)}-backup.tar.gz`);

  beforeAll(async () => {
    dir = await migratedDataDir('backup-');
    server = await startChild({ DATA_DIR: dir });
  }, 120_000);
  afterAll(async () => {
    if (server.child.exitCode === null) {
      server.kill();
      await server.exited;
    }
    rmSync(dir, { recursive: true, force: true });
    rmSync(file(), { force: true });
  });

  it('takes a consistent snapshot through the running server under writes, and restores exactly it once stopped', async () => {
    for (const n of [1, 2, 3]) expect((await join(server.url, `b${n}@example.com`)).status).toBe(201);
    // Joins keep coming while the snapshot is taken: it must hold whole transactions only (positions 1..n).
    let writing = true;
    let k = 0;
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) await join(server.url, `during${k++}@example.com`);
    });
    const b = await runScript('backup', [file()], { DATA_DIR: dir });
    writing = false;
    await Promise.all(writers);
    expect(b.out).toContain(`taking the snapshot through it (${server.url})`);
    expect(b.out).toContain(`Backup written: ${file()}`);
    expect(b.code).toBe(0);

    expect((await join(server.url, 'after-backup@example.com')).status).toBe(201); // not in the snapshot

    const refused = await runScript('restore', [file()], { DATA_DIR: dir });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`Refusing to restore: The data folder ${dir} is in use by process ${server.child.pid}`);

    server.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const before = await embeddedRows(dir);
    expect(before.map((r) => r.email)).toContain('after-backup@example.com');

    const r = await runScript('restore', [file()], { DATA_DIR: dir });
    expect(r.out).toMatch(/0 users, \d+ waitlist entries/);
    expect(r.out).toMatch(/previous data is kept in .*pgdata\.before-restore-/);
    expect(r.code).toBe(0);
    const restored = await embeddedRows(dir);
    expect(restored.map((x) => x.email).slice(0, 3)).toEqual(['b1@example.com', 'b2@example.com', 'b3@example.com']);
    expect(restored.map((x) => x.email)).not.toContain('after-backup@example.com');
    expect(restored.map((x) => x.waitlist_position)).toEqual(restored.map((_, i) => i + 1));
    expect(restored.length).toBeLessThan(before.length);

    // With no server, backup opens the folder itself.
    const offline = await runScript('backup', [file()], { DATA_DIR: dir });
    expect(offline.out).not.toContain('through it');
    expect(offline.code).toBe(0);
    expect(existsSync(file())).toBe(true);

    // And the restored install serves: the next join continues the positions.
    server = await startChild({ DATA_DIR: dir });
    expect(await (await join(server.url, 'next@example.com')).json()).toEqual({ waitlist_position: restored.length + 1 });
  });
});

// Issue 19: move an embedded install to PostgreSQL (needs TEST_DATABASE_URL: runs in the service-pg project).
describe.skipIf(SERVICE_DB !== 'postgres')('npm run move-to-postgres', { timeout: 240_000 }, () => {
  let dir: string;
  let target: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let source: RunningServer;
  let moved: RunningServer | undefined;
  const env = () => ({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    AUTH_BCRYPT_COST: '4',
    PGLITE_SHARED_BUFFERS_MB: '16',
    WEB_DIST_DIR: path.join(dir, 'no-web'),
  });

  beforeAll(async () => {
    dir = await migratedDataDir('move-');
    target = await freshPostgresDatabase();
    source = await startServer(env()); // embedded: no DATABASE_URL
  }, 120_000);
  afterAll(async () => {
    await source.close();
    await moved?.close();
    await target.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies users, passwords, sessions, every table, sequences and positions; verified; refuses a busy source or a non-empty target', async () => {
    const admin = createClient(source.url, source.ctx.keys.serviceRoleKey, noSession);
    for (const n of [1, 2, 3]) {
      const { error } = await admin.auth.admin.createUser({
        email: `mover${n}@example.com`,
        password: `pass-word-${n}`,
        email_confirm: true,
      });
      expect(error).toBeNull();
    }
    const user = createClient(source.url, source.ctx.keys.anonKey, noSession);
    const signIn = await user.auth.signInWithPassword({ email: 'mover1@example.com', password: 'pass-word-1' });
    expect(signIn.error).toBeNull();
    for (const n of [1, 2, 3, 4, 5]) expect((await join(source.url, `w${n}@example.com`)).status).toBe(201);

    const busy = await runScript('move-to-postgres', [target.url], { DATA_DIR: dir });
    expect(busy.code).toBe(1);
    expect(busy.out).toContain(`Stop the server first: The data folder ${dir} is in use by process ${process.pid}`);
    await source.close();

    const r = await runScript('move-to-postgres', [target.url], {
      DATA_DIR: dir,
      MOVE_CHECK_EMAIL: 'mover2@example.com',
      MOVE_CHECK_PASSWORD: 'pass-word-2',
    });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/ok {2}"auth"\."users" +3 -> +3/);
    expect(r.out).toMatch(/ok {2}"public"\."ebook_subscribers" +5 -> +5/);
    expect(r.out).toMatch(/ok {2}"auth"\."refresh_tokens" +1 -> +1/);
    expect(r.out).not.toContain('BAD');
    expect(r.out).toMatch(/Sign-in check: mover2@example\.com signed in on the copy/);

    const again = await runScript('move-to-postgres', [target.url], { DATA_DIR: dir });
    expect(again.code).toBe(1);
    expect(again.out).toContain('The target database is not empty');

    // The install now runs on PostgreSQL with the same DATA_DIR: the session made on the embedded database lives on.
    moved = await startServer({ ...env(), DATABASE_URL: target.url });
    const c = createClient(moved.url, moved.ctx.keys.anonKey, noSession);
    const refreshed = await c.auth.refreshSession({ refresh_token: signIn.data.session!.refresh_token });
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.user?.email).toBe('mover1@example.com');
    expect(await (await join(moved.url, 'w6@example.com')).json()).toEqual({ waitlist_position: 6 });
    const db = new pg.Client({ connectionString: target.url });
    await db.connect();
    const { rows } = await db.query(`select count(*)::int as n from auth.users where encrypted_password like '$2%'`);
    await db.end();
    expect(rows).toEqual([{ n: 3 }]);
  });
});
