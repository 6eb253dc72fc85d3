import { readlink } from 'node:fs/promises';
import os from 'node:os';

/** libuv's thread pool size: UV_THREADPOOL_SIZE (1–1024) or libuv's default, 4. */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.UV_THREADPOOL_SIZE);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 1024) : 4;
}

/**
 * The thread ids of libuv's pool. An asynchronous readlink of /proc/thread-self runs on a pool thread, and that link
 * names the thread that reads it; rounds of concurrent calls wake every idle thread until all have answered. A round
 * holds a few hundred calls per thread, so that on a busy machine a thread that wakes late still finds work left
 * (with a handful, the first awake emptied the queue and a test run at load ~8 saw 3 threads of 4).
 */
export async function findPoolThreads(size = threadPoolSize(), rounds = 50): Promise<number[]> {
  const seen = new Set<number>();
  for (let i = 0; i < rounds && seen.size < size; i++) {
    const links = await Promise.all(Array.from({ length: size * 256 }, () => readlink('/proc/thread-self')));
    for (const link of links) {
      const tid = Number(link.split('/').at(-1));
      if (Number.isInteger(tid) && tid !== process.pid) seen.add(tid);
    }
  }
  return [...seen];
}

/**
 * Lowers the scheduling priority of libuv's pool threads to `nice` (never raises it), on Linux, where the nice value
 * is per thread. Password hashing runs there (@node-rs/bcrypt, auth/passwords.ts): with sign-ins hashing on every
 * core, an event loop at the same priority waited its turn behind them, and GET /api/health's p99 reached 38–80 ms on
 * PGlite; with the pool at nice 10 the loop and the database thread run first and hashing takes what is left, at the
 * same rate when nothing else is waiting (docs/decisions/0102). Returns the threads it lowered and how many there are.
 */
export async function lowerThreadPoolPriority(nice = 10): Promise<{ lowered: number[]; expected: number }> {
  // Elsewhere a nice value is per process: nothing is lowered, and nothing was expected to be.
  if (process.platform !== 'linux') return { lowered: [], expected: 0 };
  const expected = threadPoolSize();
  const lowered: number[] = [];
  for (const tid of await findPoolThreads(expected)) {
    try {
      if (os.getPriority(tid) < nice) os.setPriority(tid, nice);
      lowered.push(tid);
    } catch {
      // the thread is gone, or the system refuses: it keeps its priority
    }
  }
  return { lowered, expected };
}
