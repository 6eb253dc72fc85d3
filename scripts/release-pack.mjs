// node scripts/release-pack.mjs OUTDIR: copies a built tree's release (what `npm run serve` needs, nothing else)
// into OUTDIR: the package manifests and lockfile, server/dist, apps/web/dist, supabase/migrations, seed.sql and the
// install and health-check scripts. Run after `npm run build`; then `sh OUTDIR/scripts/release-install.sh` installs the production
// dependencies there. The Dockerfile and the release test (server/test/release.service.test.ts) both use it.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Where `npm run build` put the web app (scripts/build-web-once.mjs): E2E_WEB_DIST in the test run, which builds the
// web once for every stage, else apps/web/dist.
const webDist = path.resolve(root, process.env.E2E_WEB_DIST ?? 'apps/web/dist');
const out = process.argv[2];
if (!out) {
  console.error('usage: node scripts/release-pack.mjs OUTDIR');
  process.exit(2);
}
for (const built of [path.join(root, 'server/dist/main.js'), path.join(webDist, 'index.html')]) {
  if (!existsSync(built)) {
    console.error(`${path.relative(root, built)} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

const files = [
  'package.json',
  'package-lock.json',
  // npm needs every workspace's manifest to read the lockfile, though only the server's dependencies are installed.
  'server/package.json',
  'packages/shared/package.json',
  'apps/web/package.json',
  'server/dist',
  'supabase/migrations',
  // applied after the migrations (server/src/db/seed.ts): the catalogue rows
  'supabase/seed.sql',
  'scripts/release-install.sh',
  'scripts/npm-install.sh',
  'scripts/healthcheck.mjs',
];
const target = path.resolve(out);
rmSync(path.join(target, 'server', 'dist'), { recursive: true, force: true });
rmSync(path.join(target, 'apps', 'web', 'dist'), { recursive: true, force: true });
for (const f of files) {
  mkdirSync(path.dirname(path.join(target, f)), { recursive: true });
  cpSync(path.join(root, f), path.join(target, f), { recursive: true });
}
cpSync(webDist, path.join(target, 'apps', 'web', 'dist'), { recursive: true });
console.log(`release packed into ${target}`);
