import { performance } from 'node:perf_hooks';
import type { Queryable } from '../../server/src/db/index.js';
import { summarise } from '../lib/stats.js';
import type { ReferenceFigures } from '../lib/types.js';
import type { ReferenceDef } from './cases.js';

let counter = 0;

async function loop(db: Queryable, def: ReferenceDef, workers: number, seconds: number, latencies: number[] | null) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  let lastError = '';
  // `workers` concurrent callers, as many as the load generator's connections, on the same pool size as the server's
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        try {
          await def.run(db, counter++);
          done++;
          latencies?.push(performance.now() - t0);
        } catch (err) {
          errors++;
          lastError = err instanceof Error ? err.message : String(err);
          if (errors > 50 && done === 0) return; // the query cannot work here; stop early
        }
      }
    }),
  );
  return { done, errors, lastError };
}

/** Runs the reference work for a fixed time after a warm-up; throws when it never succeeds. */
export async function measureReference(
  db: Queryable,
  def: ReferenceDef,
  workers: number,
  warmupSeconds: number,
  seconds: number,
): Promise<ReferenceFigures> {
  workers = Math.max(workers, def.minWorkers ?? 1);
  await def.run(db, counter++); // fails fast (and clearly) when the table or function does not exist
  if (warmupSeconds > 0) await loop(db, def, workers, warmupSeconds, null);
  const latencies: number[] = [];
  const t0 = performance.now();
  const r = await loop(db, def, workers, seconds, latencies);
  const elapsed = (performance.now() - t0) / 1000;
  if (r.done === 0) throw new Error(r.lastError || 'no reference call succeeded');
  const s = summarise(latencies);
  return { what: def.what, rps: r.done / elapsed, p50Ms: s.p50, p99Ms: s.p99, errors: r.errors };
}
