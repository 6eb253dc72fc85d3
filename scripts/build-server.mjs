// npm run build:server: bundles the server (and packages/shared, which ships TypeScript) into server/dist as plain
// JavaScript, one flat file per entry: main.js, pglite-worker.js and one per server/src/scripts/*.ts (keys.js, make-admin.js, ...).
// Runtime dependencies stay external, loaded from node_modules, so `npm ci --omit=dev` is all a release needs.
// Flat output keeps every entry two folders below the root, which server/src/paths.ts relies on.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// OUTDIR (optional, two folders below the root like server/dist): the service tests build a private copy there.
const outdir = process.argv[2] ? path.resolve(root, process.argv[2]) : path.join(root, 'server', 'dist');
const scriptsDir = path.join(root, 'server', 'src', 'scripts');
const deps = (file) => Object.keys(JSON.parse(readFileSync(path.join(root, file), 'utf8')).dependencies ?? {});

const entryPoints = [
  { in: path.join(root, 'server', 'src', 'main.ts'), out: 'main' },
  // The PGlite worker thread's own file, loaded next to main.js as pglite-worker.js (server/src/db/pglite/thread.ts).
  { in: path.join(root, 'server', 'src', 'db', 'pglite', 'worker.ts'), out: 'pglite-worker' },
  ...readdirSync(scriptsDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => ({ in: path.join(scriptsDir, f), out: f.slice(0, -3) })),
];

// The commit error reports name as part of the release (server/src/release.ts); none outside a git checkout.
let commit = '';
try {
  commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
} catch {
  // no git: the release is named by its version alone
}

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Every declared runtime dependency is loaded at run time; the workspace package @app/shared is bundled.
  external: [...new Set([...deps('server/package.json'), ...deps('package.json')])].flatMap((d) => [d, `${d}/*`]),
  logLevel: 'warning',
  define: { __APP_COMMIT__: JSON.stringify(commit) },
  metafile: true,
});
const files = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
console.log(`server built: ${files.map((f) => path.relative(root, f)).join(', ')} in ${Date.now() - started} ms`);
