import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server under test, in its own process so the load generator never shares its event loop. */
export interface ChildServer {
  url: string;
  pid: number;
  dataDir: string;
  anonKey: string;
  serviceRoleKey?: string;
  /** Resident memory of the server process, in MB, from /proc/<pid>/status. */
  rssMb(): number;
  /** Resolves once the server has stopped working off requests a finished run left in flight. */
  settle(): Promise<void>;
  /** SIGTERM (graceful: PGlite flushes), SIGKILL after 15 s. Keeps DATA_DIR unless `removeData`. */
  stop(opts?: { removeData?: boolean }): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export function readRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  return kb / 1024;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU time (user + system, clock ticks) the process has used, from /proc/<pid>/stat. */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // the command name may contain spaces
  return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of the line)
}

/**
 * Waits until the process uses under ~10 % of a core for two quarter-seconds running (at most `maxMs`), so
 * requests abandoned by the previous run (a warm-up's in-flight sign-ins cost seconds of bcrypt) do not
 * slow the next measured run.
 */
export async function waitForIdle(pid: number, maxMs = 30_000) {
  const deadline = Date.now() + maxMs;
  let quiet = 0;
  let last = cpuTicks(pid);
  while (quiet < 2 && Date.now() < deadline) {
    await sleep(250);
    const now = cpuTicks(pid);
    quiet = now - last <= 2 ? quiet + 1 : 0;
    last = now;
  }
}

// BENCH_START_SECONDS: how long a server may take to answer its first health check (initdb and migrations on a busy machine).
async function waitForHealth(
  url: string,
  child: ChildProcess,
  stderr: () => string,
  timeoutMs = Number(process.env.BENCH_START_SECONDS ?? 90) * 1000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await sleep(100); // let the last output arrive
      throw new Error(`server exited with code ${child.exitCode}: ${stderr().trim().slice(-800)}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`server did not become healthy within ${timeoutMs / 1000} s: ${stderr().slice(-800)}`);
}

/** Starts `node --import tsx server/src/main.ts` on a free 127.0.0.1 port with a fresh DATA_DIR (unless given). */
export async function startChildServer(env: Record<string, string> = {}, dataDir?: string): Promise<ChildServer> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'bench-'));
  const port = await freePort();
  // BENCH_SERVER_DIR: run another checkout's server (e.g. the commit before a change) under the same bench.
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'server/src/main.ts'],
    {
      cwd: process.env.BENCH_SERVER_DIR || REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        RATE_LIMIT_DISABLED: 'true',
        // A test run's initialised cluster (docs/decisions/0057), when given: a new PGlite skips initdb.
        ...(process.env.PGLITE_INITDB_SNAPSHOT ? { PGLITE_INITDB_SNAPSHOT: process.env.PGLITE_INITDB_SNAPSHOT } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let errText = '';
  const keep = (chunk: Buffer) => {
    errText = (errText + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async (opts: { removeData?: boolean } = {}) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    }
    if (opts.removeData) rmSync(dir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(url, child, () => errText);
    const cfg = (await (await fetch(`${url}/api/config`)).json()) as { anonKey?: string };
    if (!cfg.anonKey) throw new Error('GET /api/config gave no anonKey');
    const pid = child.pid!;
    return { url, pid, dataDir: dir, anonKey: cfg.anonKey, rssMb: () => readRssMb(pid), settle: () => waitForIdle(pid), stop };
  } catch (err) {
    await stop({ removeData: !dataDir });
    throw err;
  }
}
