import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_ROOT } from './paths.js';

// The git commit the release was built from, stamped by scripts/build-server.mjs (esbuild `define`); absent from source.
declare const __APP_COMMIT__: string | undefined;

/**
 * This release's name, as error reports carry it (Sentry's `release`): package name@version, plus the git commit
 * when known ("vibe-platform@0.0.0+1a2b3c4d5e6f"). The commit is the build's, or, run from source, the checkout's.
 */
export const RELEASE: string = releaseOf(APP_ROOT, typeof __APP_COMMIT__ === 'string' ? __APP_COMMIT__ : gitCommit(APP_ROOT));

export function releaseOf(root: string, commit: string): string {
  let name = 'vibe-platform';
  let version = '0.0.0';
  try {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
    if (typeof pkg.name === 'string') name = pkg.name;
    if (typeof pkg.version === 'string') version = pkg.version;
  } catch {
    // a release without its package.json still reports, under the default name
  }
  return /^[0-9a-f]{7,40}$/.test(commit) ? `${name}@${version}+${commit}` : `${name}@${version}`;
}

/** The checkout's commit, or '' outside a git checkout (or without git). */
function gitCommit(root: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}
