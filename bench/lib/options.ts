import { z } from 'zod';

/** Every knob of `npm run bench`, from the environment, parsed once. bench/README.md mirrors this. */
const PARTS = ['web', 'server', 'soak', 'coach', 'connections', 'crm'] as const;
export type Part = (typeof PARTS)[number];

const seconds = (def: number, max: number) => z.coerce.number().int().min(1).max(max).default(def);

const schema = z.object({
  BENCH_DURATION_SECONDS: seconds(10, 600),
  BENCH_WARMUP_SECONDS: z.coerce.number().int().min(0).max(60).optional(),
  BENCH_SOAK_SECONDS: seconds(600, 7200),
  BENCH_CONNECTIONS: z.coerce.number().int().min(1).max(200).default(10),
  BENCH_ONLY: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(PARTS))),
  BENCH_HIGH_CONNECTIONS: z.coerce.number().int().min(0).max(1000).default(100),
  BENCH_CASES: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  BENCH_SIGNIN_SAMPLES: z.coerce.number().int().min(1).max(1000).default(100),
  BENCH_LIGHTHOUSE_RUNS: z.coerce.number().int().min(1).max(9).default(3),
  TEST_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
});

export interface BenchOptions {
  durationSeconds: number;
  warmupSeconds: number;
  soakSeconds: number;
  connections: number;
  parts: Part[];
  /** Reads (health, select, embed) measured again with this many connections; 0 = not. */
  highConnections: number;
  /** Server case ids to run (empty = all): short runs that compare one lever. */
  cases: string[];
  signInSamples: number;
  /** Lighthouse runs per page and preset; the report gives the median (issue 15: median of 3). */
  lighthouseRuns: number;
  testDatabaseUrl?: string;
}

export function loadOptions(env: NodeJS.ProcessEnv = process.env): BenchOptions {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid bench settings:\n${lines.join('\n')}`);
  }
  const o = parsed.data;
  return {
    durationSeconds: o.BENCH_DURATION_SECONDS,
    // a warm-up of a third of the run (at most 5 s) fills caches, JIT and the connection pool before measuring
    warmupSeconds: o.BENCH_WARMUP_SECONDS ?? Math.min(5, Math.max(1, Math.round(o.BENCH_DURATION_SECONDS / 3))),
    soakSeconds: o.BENCH_SOAK_SECONDS,
    connections: o.BENCH_CONNECTIONS,
    parts: o.BENCH_ONLY.length ? o.BENCH_ONLY : [...PARTS],
    cases: o.BENCH_CASES,
    highConnections: o.BENCH_HIGH_CONNECTIONS,
    signInSamples: o.BENCH_SIGNIN_SAMPLES,
    lighthouseRuns: o.BENCH_LIGHTHOUSE_RUNS,
    testDatabaseUrl: o.TEST_DATABASE_URL,
  };
}
