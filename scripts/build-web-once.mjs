// Builds apps/web, or skips the build when the output is already built from the same sources: a hash of apps/web,
// packages/shared/src, the lockfile, the VITE_* variables and the settings the prerender prints, stamped beside the
// output. It is `npm run build`'s web half, playwright.config.ts's webServer's and the web build stage of
// scripts/test.mjs (which builds while other stages run; the release test's `npm run build` then packs that build
// instead of building the same sources again).
// Output folder: E2E_WEB_DIST, or apps/web/dist.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(root, process.env.E2E_WEB_DIST ?? 'apps/web/dist');
const skip = new Set(['node_modules', 'dist']);

function files(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => !skip.has(e.name))
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

const hash = createHash('sha256');
for (const f of [
  ...files(path.join(root, 'apps/web')),
  ...files(path.join(root, 'packages/shared/src')),
  path.join(root, 'package-lock.json'),
  path.join(root, 'tsconfig.base.json'),
]) {
  hash.update(path.relative(root, f)).update('\0').update(readFileSync(f)).update('\0');
}
// The prerender prints the brand and the operator's settings too (apps/web/src/entry-server.tsx).
const PRERENDER_VARS = new Set([
  'BRAND_NAME',
  'BOOKING_URL',
  'INTRO_VIDEO_URL',
  'CONTACT_EMAIL',
  'CONTACT_PHONE',
  'CONTACT_PHONE_2',
  'CONTACT_ADDRESS',
]);
for (const [k, v] of Object.entries(process.env)
  .filter(([k]) => k.startsWith('VITE_') || PRERENDER_VARS.has(k))
  .sort())
  hash.update(`${k}=${v}\0`);
const digest = hash.digest('hex');

// The stamp sits outside the output, so the server never serves it.
const stampDir = path.join(root, 'node_modules', '.cache', 'build-web-once');
const stamp = path.join(stampDir, `${createHash('sha256').update(outDir).digest('hex').slice(0, 16)}.hash`);
if (existsSync(path.join(outDir, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) {
  console.log(`web build up to date (${path.relative(root, outDir) || outDir})`);
  process.exit(0);
}

const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
if (r.status !== 0) process.exit(r.status ?? 1);
mkdirSync(stampDir, { recursive: true });
writeFileSync(stamp, digest);
