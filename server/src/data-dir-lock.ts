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

  for (let attempt = 0; attempt < 3; attempt++) {
    const tmp = write();
    try {
      linkSync(tmp, file);
      unlinkSync(tmp);
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
    } catch (err) {
      unlinkQuiet(tmp);
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const current = readLockHolder(abs);
    if (current) throw new DataDirLockedError(abs, current);
    // Stale: move it aside under a unique name (atomic), so two processes taking over at once cannot both win;
    // the loser's rename fails with ENOENT and it retries against the winner's fresh lock.
    const aside = `${file}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
    try {
      renameSync(file, aside);
      const moved = holderSchema.safeParse(safeJson(readSafe(aside)));
      if (moved.success && moved.data.host === hostname() && alive(moved.data.pid)) {
        // We moved a live process's fresh lock (it took over between our read and our rename): put it back.
        try {
          linkSync(aside, file);
        } finally {
          unlinkQuiet(aside);
        }
        throw new DataDirLockedError(abs, moved.data);
      }
      unlinkQuiet(aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  const current = readLockHolder(abs);
  throw new DataDirLockedError(abs, current ?? { pid: 1, host: 'unknown', startedAt: 'unknown' });
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
