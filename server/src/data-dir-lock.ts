import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * One process at a time on an embedded database folder. PGlite has no lock of its own: two processes on one
 * folder both start, each with its own copy in memory, and overwrite each other's writes. The lock file holds
 * who owns the folder (pid, host, start time, and the server's address once it listens, so scripts can ask
 * the running server instead of opening the files).
 */
export const LOCK_FILE = 'embedded-db.lock';

const holderSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  startedAt: z.string(),
  command: z.string().optional(),
  url: z.string().url().optional(),
});
export type LockHolder = z.infer<typeof holderSchema>;

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    const url = holder.url ? `, serving ${holder.url}` : '';
    super(
      `The data folder ${dir} is in use by process ${holder.pid} on ${holder.host} (started ${holder.startedAt}${url}). ` +
        `Stop that process first, or use a different DATA_DIR. If you are sure it is not running, delete ${path.join(dir, LOCK_FILE)}.`,
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Adds the server's address to the lock file (scripts use it to reach the running server). */
  setUrl(url: string): void;
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the pid exists but belongs to another user, so it is alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who holds the folder, or undefined when nobody (or a dead process on this host) does. */
export function readLockHolder(dir: string): LockHolder | undefined {
  let text: string;
  try {
    text = readFileSync(path.join(path.resolve(dir), LOCK_FILE), 'utf8');
  } catch {
    return undefined;
  }
  const parsed = holderSchema.safeParse(safeJson(text));
  // An unreadable lock file is written whole (link of a complete temp file), so it was edited by hand: treat as held.
  if (!parsed.success) return { pid: 1, host: 'unknown', startedAt: 'unknown' };
  const h = parsed.data;
  if (h.host === hostname() && !alive(h.pid)) return undefined;
  return h;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Takes the folder or throws DataDirLockedError naming the holder. The lock file appears atomically (a complete
 * temp file hard-linked into place, which fails if the name exists), so a reader never sees half a file. A lock
 * left by a dead process on this host is stale and taken over; one from another host is never (we cannot tell).
 */
export function acquireDataDirLock(dir: string, command = process.argv.slice(1).join(' ')): DataDirLock {
  const abs = path.resolve(dir);
  mkdirSync(abs, { recursive: true });
  const file = path.join(abs, LOCK_FILE);
  let holder: LockHolder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), command: command.slice(0, 200) };
  const write = () => {
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, JSON.stringify(holder) + '\n', { mode: 0o600 });
    return tmp;
  };

  const held = (): DataDirLock => {
    let released = false;
    const lock: DataDirLock = {
      file,
      setUrl(url) {
        holder = { ...holder, url };
        const t = write();
        renameSync(t, file); // atomic replace of our own file
      },
      release() {
        if (released) return;
        released = true;
        process.off('exit', onExit);
        // Only remove the file if it is still ours (never another process's lock).
        const now = safeJson(readSafe(file)) as LockHolder | undefined;
        if (now?.pid === holder.pid && now.startedAt === holder.startedAt) unlinkQuiet(file);
      },
    };
    const onExit = () => lock.release();
    process.on('exit', onExit);
    return lock;
  };

  for (let attempt = 0; attempt < 100; attempt++) {
    const tmp = write();
    try {
      linkSync(tmp, file);
      unlinkSync(tmp);
      return held();
    } catch (err) {
      unlinkQuiet(tmp);
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const current = readLockHolder(abs);
    if (current) throw new DataDirLockedError(abs, current);
    if (takeOverStale(abs, file, write)) return held();
  }
  const current = readLockHolder(abs);
  throw new DataDirLockedError(abs, current ?? { pid: 1, host: 'unknown', startedAt: 'unknown' });
}

/**
 * Replaces a stale lock file with ours (a complete temp file renamed over it, so the lock file never goes missing and
 * nobody can link a lock of their own into a gap). Takeovers run one at a time: each holds `<lock>.takeover`, a hard
 * link that fails if it exists, and checks again under it that the lock is still stale. Where a takeover used to move
 * the stale file aside, two processes could each see it stale, and the second moved the first one's fresh lock away,
 * letting a third in: two winners. False: try again (the lock was released meanwhile, or another takeover runs).
 */
function takeOverStale(abs: string, file: string, write: () => string): boolean {
  const mutex = `${file}.takeover`;
  const mine = write();
  try {
    linkSync(mine, mutex);
  } catch (err) {
    unlinkQuiet(mine);
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const other = holderSchema.safeParse(safeJson(readSafe(mutex)));
    // A process that died during its takeover (microseconds) leaves the mutex behind: remove it; else wait a little.
    if (other.success && other.data.host === hostname() && !alive(other.data.pid)) unlinkQuiet(mutex);
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    return false;
  }
  try {
    if (!readSafe(file)) return false; // released meanwhile: the next attempt links a new one
    const current = readLockHolder(abs);
    if (current) throw new DataDirLockedError(abs, current);
    renameSync(mine, file);
    return true;
  } finally {
    unlinkQuiet(mutex);
    unlinkQuiet(mine);
  }
}

function readSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function unlinkQuiet(file: string) {
  try {
    unlinkSync(file);
  } catch {
    /* already gone */
  }
}
