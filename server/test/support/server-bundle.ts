import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server built once per test run, for the operations tests' child processes (docs/decisions/0068): `node
 * <bundle>/main.js` as `npm start` runs server/dist/main.js, instead of `node --import tsx`, which compiles the
 * TypeScript again in every child (about 3 CPU s of 9 per start). Built by scripts/build-server.mjs, the release
 * recipe, into a private folder two levels below the root (server/src/paths.ts finds the root from there), so
 * neither server/dist nor another run's copy is touched. Removed when the process that built it exits.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function ensureServerBundle(): string {
  if (process.env.TEST_SERVER_BUNDLE) return process.env.TEST_SERVER_BUNDLE;
  const dir = path.join(ROOT, '.tmp', `test-server-${randomBytes(6).toString('hex')}`);
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs'), dir], { cwd: ROOT, stdio: 'pipe' });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return (process.env.TEST_SERVER_BUNDLE = dir);
}
