import { rmSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKeys } from '../src/keys.js';
import { SERVICE_DB } from './harness.js';
import { runScript, startChild, type ChildServer } from './child-server.js';
import { migratedDataDir } from './support/db-template.js';

// Issue 12 item 12: one process per embedded DATA_DIR; make-admin through the running server. PGlite only (with
// DATABASE_URL there is no folder to share: several servers on one PostgreSQL is the supported set-up).
describe.skipIf(SERVICE_DB !== 'pglite')('embedded DATA_DIR held by one process', { timeout: 180_000 }, () => {
  let dir: string;
  let first: ChildServer;

  beforeAll(async () => {
    dir = await migratedDataDir('lock-');
    first = await startChild({ DATA_DIR: dir });
  }, 120_000);
  afterAll(async () => {
    if (first.child.exitCode === null) {
      first.kill();
      await first.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('a second server on the same folder refuses, naming the folder and the process holding it', async () => {
    const second = await startChild({ DATA_DIR: dir }).then(
      () => undefined,
      (err: Error) => err.message,
    );
    expect(second).toMatch(/exited with 1 before listening/);
    expect(second).toContain(`The data folder ${dir} is in use by process ${first.child.pid}`);
    expect(second).toContain(`serving ${first.url}`);
    // The first one is untouched.
    expect((await fetch(`${first.url}/api/health/ready`)).status).toBe(200);
  });

  it('make-admin while the server runs goes through it, and the role is there at once', async () => {
    const { serviceRoleKey } = await loadKeys({ DATA_DIR: dir });
    const admin = createClient(first.url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const created = await admin.auth.admin.createUser({ email: 'Running@Example.com', password: 'correct horse 1', email_confirm: true });
    expect(created.error).toBeNull();
    const r = await runScript('make-admin', ['running@example.com'], { DATA_DIR: dir });
    expect(r.out).toContain(`asking it at ${first.url}`);
    expect(r.out).toContain(`running@example.com (${created.data.user!.id}) is now an admin.`);
    expect(r.code).toBe(0);
    const after = await admin.auth.admin.getUserById(created.data.user!.id);
    expect(after.data.user?.app_metadata.role).toBe('admin');
    const audit = await admin
      .from('security_audit_log')
      .select('event_type, user_id, event_details')
      .eq('event_type', 'auth.admin.role_granted');
    expect(audit.data).toEqual([
      {
        event_type: 'auth.admin.role_granted',
        user_id: created.data.user!.id,
        event_details: { role: 'admin', via: 'make-admin script, through the running server' },
      },
    ]);

    const missing = await runScript('make-admin', ['nobody@example.com'], { DATA_DIR: dir });
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.out).toContain('No user with the e-mail nobody@example.com.');
  });

  it('the endpoints the scripts use take the service-role key only, from this machine only', async () => {
    const { anonKey } = await loadKeys({ DATA_DIR: dir });
    for (const [p, body] of [
      ['/api/ops/make-admin', '{"email":"running@example.com"}'],
      ['/api/ops/backup', ''],
    ] as const) {
      const anon = await fetch(`${first.url}${p}`, {
        method: 'POST',
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' },
        body,
      });
      expect([p, anon.status]).toEqual([p, 403]);
      const none = await fetch(`${first.url}${p}`, { method: 'POST', body });
      expect(none.status).toBeGreaterThanOrEqual(401);
      expect(none.status).toBeLessThan(404);
    }
    const { serviceRoleKey } = await loadKeys({ DATA_DIR: dir });
    const asService = (body: string) =>
      fetch(`${first.url}/api/ops/make-admin`, {
        method: 'POST',
        headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
        body,
      });
    expect((await asService('not json')).status).toBe(400);
    expect((await asService('{"email":"not-an-address"}')).status).toBe(400);
    expect((await asService('{"email":"x\\u0000@example.com"}')).status).toBe(400);
    expect(await (await asService('{"email":"nobody@example.com"}')).json()).toMatchObject({ error_code: 'user_not_found' });
    // Through a reverse proxy on this host (a forwarding header): refused even with the service key.
    const proxied = await fetch(`${first.url}/api/ops/backup`, {
      method: 'POST',
      headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'X-Forwarded-For': '203.0.113.9' },
    });
    expect([proxied.status, await proxied.json()]).toEqual([403, expect.objectContaining({ error_code: 'local_only' })]);
  });

  it('after a clean stop the lock is gone; make-admin then opens the folder itself, and a server starts again', async () => {
    first.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const { serviceRoleKey } = await loadKeys({ DATA_DIR: dir });
    const r = await runScript('make-admin', ['RUNNING@example.com'], { DATA_DIR: dir });
    expect(r.out).not.toContain('asking it');
    expect(r.out).toMatch(/running@example\.com \(.+\) is now an admin\./);
    expect(r.code).toBe(0);
    first = await startChild({ DATA_DIR: dir });
    const admin = createClient(first.url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data } = await admin.auth.admin.listUsers();
    expect(data.users.map((u) => [u.email, u.app_metadata.role])).toEqual([['running@example.com', 'admin']]);
  });

  it('a lock left by a killed server (kill -9) is stale: the next server takes the folder over', async () => {
    first.kill('SIGKILL');
    await first.exited;
    first = await startChild({ DATA_DIR: dir });
    expect((await fetch(`${first.url}/api/health/ready`)).status).toBe(200);
  });
});
