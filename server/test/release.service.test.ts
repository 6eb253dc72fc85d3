// The release an operator runs: `scripts/release-build.sh` (what the Dockerfile's build stage runs) into a temporary
// folder, production dependencies only (`scripts/release-install.sh`, the runtime stage), then `npm run serve` there:
// node alone, no tsx, no build tools, no source. Runs once, in the PGlite project (the build does not depend on the
// database; the scale-out test covers PostgreSQL). In `npm test` the web half of `npm run build` finds the web build
// stage's output (E2E_WEB_DIST) up to date and packs it; run alone, it builds apps/web/dist.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_DB } from './harness.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
// What npm prints when the registry cannot be reached and the local cache lacks a package.
const OFFLINE = /ENOTCACHED|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|network/i;

/** Only what a production host has: no NODE_OPTIONS (vitest's loaders), no TEST_* settings. */
function releaseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { PATH, HOME, TMPDIR } = process.env;
  // The operator settings the build's prerender printed (npm test sets the e2e deployment's): the server serves the
  // prerendered pages only when its own settings match them.
  const operator = Object.fromEntries(Object.entries(process.env).filter(([k]) => OPERATOR_SETTINGS.test(k)));
  return {
    PATH,
    HOME,
    TMPDIR,
    ...operator,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    AUTH_BCRYPT_COST: '4',
    PGLITE_SHARED_BUFFERS_MB: '16',
    ...extra,
  };
}
const OPERATOR_SETTINGS = /^(CONTACT_[A-Z0-9_]+|BOOKING_URL|INTRO_VIDEO_URL|BRAND_NAME)$/;

async function npmRun(dir: string, args: string[], env: NodeJS.ProcessEnv) {
  return run('npm', ['run', '--silent', ...args], { cwd: dir, env, timeout: 120_000 });
}

/** `npm run serve` in its own process group (npm, sh, node), resolving with the URL from the "listening" line. */
function serve(dir: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn('npm', ['run', 'serve'], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`release did not start in 150 s (a busy machine):\n${out}`)), 150_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /"url":"(http:\/\/[^"]+)".*"msg":"listening"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, output: () => out });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`release exited with ${code} before listening:\n${out}`));
    });
  });
}

/**
 * SIGTERM to the server process alone, as a supervisor would send it (npm does not pass signals on, and a second
 * signal means "exit now"); resolves once npm and the server have exited.
 */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const { stdout } = await run('ps', ['-e', '-o', 'pid=,pgid=,args=']);
  const server = stdout
    .split('\n')
    .map((l) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(l))
    .find((m) => m && Number(m[2]) === child.pid && m[3]!.startsWith('node ') && m[3]!.includes('server/dist/main.js'));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  process.kill(server ? Number(server[1]) : -child.pid!, 'SIGTERM');
  await closed;
}

describe.skipIf(SERVICE_DB !== 'pglite')('release build', () => {
  let dir = '';
  let offline = '';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'release-'));
    await run('sh', [path.join(ROOT, 'scripts/release-build.sh'), dir], { cwd: ROOT, timeout: 300_000 });
    try {
      await run('sh', [path.join(dir, 'scripts/release-install.sh'), '--prefer-offline'], { cwd: dir, timeout: 120_000 });
    } catch (err) {
      const text = `${(err as { stdout?: string }).stdout ?? ''}${(err as { stderr?: string }).stderr ?? ''}`;
      if (!OFFLINE.test(text)) throw err;
      offline = 'the npm registry is unreachable and the local cache lacks a production dependency';
      console.warn(`\nNOTICE: release test skipped: ${offline}.\n`);
    }
  }, 480_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('holds only the built JavaScript and production dependencies', (ctx) => {
    if (offline) ctx.skip(offline);
    expect(existsSync(path.join(dir, 'server/dist/main.js'))).toBe(true);
    expect(existsSync(path.join(dir, 'apps/web/dist/index.html'))).toBe(true);
    expect(existsSync(path.join(dir, 'server/src'))).toBe(false);
    expect(existsSync(path.join(dir, 'packages/shared/src'))).toBe(false);
    for (const dep of ['pg', '@electric-sql/pglite', 'hono', 'prom-client'])
      expect(existsSync(path.join(dir, 'node_modules', dep)), dep).toBe(true);
    for (const dev of ['tsx', 'esbuild', 'vite', 'typescript', 'vitest', 'react'])
      expect(existsSync(path.join(dir, 'node_modules', dev)), dev).toBe(false);
  });

  it('serves health (and the image health check), metrics, the web app and a sign-up with `npm run serve`; keys and make-admin run from the build', async (ctx) => {
    if (offline) ctx.skip(offline);
    const metricsToken = 'release-test-metrics-token';
    const env = releaseEnv({ PORT: '0', DATA_DIR: path.join(dir, '.data'), METRICS_TOKEN: metricsToken });
    const { stdout: keys } = await npmRun(dir, ['keys'], env);
    const anonKey = /^ANON_KEY=(\S+)$/m.exec(keys)?.[1];
    expect(anonKey).toBeTruthy();

    const server = await serve(dir, env);
    try {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });

      // the image's HEALTHCHECK
      await expect(
        run('node', ['scripts/healthcheck.mjs', `${server.url}/api/health`], { cwd: dir, env, timeout: 10_000 }),
      ).resolves.toBeDefined();

      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root" data-prerendered="true">'); // the release serves the prerendered home page

      const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/^http_requests_total\{method="GET",route="\/api\/health",status="200"\} 2$/m); // fetch + health check

      const signUp = await fetch(`${server.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: anonKey!, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'release@example.com', password: 'a-long-release-password-1' }),
      });
      expect(signUp.status).toBe(200);
      const body = (await signUp.json()) as { access_token?: string; user?: { email?: string } };
      expect(body.access_token).toBeTruthy();
      expect(body.user?.email).toBe('release@example.com');
    } finally {
      await stop(server.child);
    }
    expect(server.output()).toMatch(/"forced":false,"msg":"stopped"/); // drained and closed the database cleanly
    await expect(
      run('node', ['scripts/healthcheck.mjs', `${server.url}/api/health`], { cwd: dir, env, timeout: 10_000 }),
    ).rejects.toMatchObject({ code: 1 });
    expect(server.output()).not.toMatch(/tsx|ERR_MODULE_NOT_FOUND|Cannot find|unhandled error/);

    // The embedded database is one process's at a time, so the operator script runs with the server stopped.
    const { stdout: made } = await npmRun(dir, ['make-admin', '--', 'release@example.com'], env);
    expect(made).toMatch(/release@example\.com \(.+\) is now an admin\./);
  }, 400_000);
});
