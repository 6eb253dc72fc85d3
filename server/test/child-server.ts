import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Child-process servers and scripts for the operations tests: the server built once per run (`node main.js`, as
 * `npm start` and the npm scripts run server/dist; support/server-bundle.ts), or `node --import tsx` on the sources
 * when no build is at hand (a file run outside the service projects' globalSetup).
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * V8's baseline compilers only, for the processes a test starts (these child servers and scripts, and the service and
 * integration workers: vitest.config.ts): optimising PGlite's hot WebAssembly functions again in each (a second
 * compiler, on background threads) cost about 1.9 of the ~5 CPU s a child server took to start and answer 30
 * requests; not optimising hot JavaScript (--max-opt=1) a fifth of the rest. A long-lived server (npm start, the e2e
 * server) keeps V8's default, where the optimised code pays back (docs/decisions/0211).
 */
export const SHORT_LIVED_NODE_FLAGS = ['--liftoff-only', '--max-opt=1'];

/** node's arguments for an entry: `main` or a server/src/scripts/*.ts name. */
export function serverEntry(name: string): string[] {
  const bundle = process.env.TEST_SERVER_BUNDLE;
  if (bundle) return [...SHORT_LIVED_NODE_FLAGS, path.join(bundle, `${name}.js`)];
  return [...SHORT_LIVED_NODE_FLAGS, '--import', 'tsx', name === 'main' ? 'server/src/main.ts' : `server/src/scripts/${name}.ts`];
}

const baseEnv = (env: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  HOST: '127.0.0.1',
  PORT: '0',
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  AUTH_BCRYPT_COST: '4',
  PGLITE_SHARED_BUFFERS_MB: '16',
  RATE_LIMIT_DISABLED: 'true',
  ...env,
});

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  output(): string;
  kill(signal?: NodeJS.Signals): void;
}

/** Starts server/src/main.ts and waits for its "listening" log line; rejects with the output if it exits first. */
export async function startChild(env: Record<string, string>, timeoutMs = 90_000): Promise<ChildServer> {
  const child = spawn(process.execPath, serverEntry('main'), {
    cwd: REPO_ROOT,
    env: baseEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${timeoutMs} ms:\n${out}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /"url":"(http:[^"]+)"[^\n]*"msg":"listening"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
  return { url, child, exited, output: () => out, kill: (signal = 'SIGTERM') => void child.kill(signal) };
}

/** Runs a server/src/scripts/*.ts script to the end: its exit code and output. */
export async function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [...serverEntry(script), ...args], {
    cwd: REPO_ROOT,
    env: baseEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, out };
}
