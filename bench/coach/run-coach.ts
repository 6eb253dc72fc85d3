import { startFakeOpenAI, type FakeProvider, type Reply } from '../../e2e/support/fake-openai.js';
import type { BenchOptions } from '../lib/options.js';
import { progress } from '../lib/progress.js';
import { summarise } from '../lib/stats.js';
import type { CoachPart, CoachRound } from '../lib/types.js';
import { createBenchUser, passwordGrant } from '../server/accounts.js';
import { startChildServer, type ChildServer } from '../server/child-server.js';
import { OPENAI_FIRST_TEXT, UI_FIRST_TEXT, timeStream, type StreamTiming } from './stream-timing.js';

/**
 * The AI coach (issue 13): (1) time to first token through POST /functions/v1/coach against the provider
 * stand-in's own, one request at a time, as a ratio; (2) rounds of 200 concurrent coach streams with the server's
 * resident memory before, at its peak, and after each round. The stand-in (e2e/support/fake-openai.ts) runs in the
 * bench process and waits PROVIDER_FIRST_TOKEN_MS before its first token, as a hosted model does.
 */
const PROVIDER_FIRST_TOKEN_MS = 300;
const CHUNK_DELAY_MS = 25;
const TTFT_SAMPLES = 20;
const TTFT_WARMUP = 3;
const CONCURRENT = 200;
const ROUNDS = 3;
const USERS = 10;

const REPLY: Reply = {
  text: Array.from({ length: 20 }, (_, i) => `Step ${i + 1} of your plan is concrete. `),
  delayMs: PROVIDER_FIRST_TOKEN_MS,
  chunkDelayMs: CHUNK_DELAY_MS,
  usage: { inputTokens: 600, outputTokens: 160 },
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function viaServer(server: ChildServer, token: string) {
  return timeStream(
    `${server.url}/functions/v1/coach`,
    { authorization: `Bearer ${token}`, apikey: server.anonKey },
    { message: 'How do I win my first ten customers?' },
    UI_FIRST_TEXT,
    /"type":"finish"/,
  );
}

function direct(fake: FakeProvider) {
  const body = {
    model: 'bench-model',
    stream: true,
    stream_options: { include_usage: true },
    messages: [{ role: 'user', content: 'How do I win my first ten customers?' }],
  };
  return timeStream(`${fake.baseURL}/chat/completions`, {}, body, OPENAI_FIRST_TEXT, /\[DONE\]/);
}

async function round(server: ChildServer, fake: FakeProvider, tokens: string[], n: number): Promise<CoachRound> {
  fake.script(...Array.from({ length: CONCURRENT }, () => REPLY));
  const rssBeforeMb = server.rssMb();
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, server.rssMb());
  }, 100);
  const t0 = performance.now();
  const results = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => viaServer(server, tokens[i % tokens.length]!)));
  const wallMs = performance.now() - t0;
  clearInterval(sampler);
  await server.settle();
  await sleep(1000);
  const ok = results.filter((r) => r.ok);
  const ttft = summarise(ok.map((r) => r.firstTokenMs));
  const total = summarise(ok.map((r) => r.totalMs));
  const failures: Record<string, number> = {};
  for (const r of results.filter((x) => !x.ok)) failures[String(r.status)] = (failures[String(r.status)] ?? 0) + 1;
  return {
    round: n,
    streams: CONCURRENT,
    completed: ok.length,
    failures,
    wallMs,
    firstTokenP50Ms: ttft.p50,
    firstTokenP99Ms: ttft.p99,
    totalP50Ms: total.p50,
    totalP99Ms: total.p99,
    rssBeforeMb,
    rssPeakMb,
    rssAfterMb: server.rssMb(),
  };
}

/** The coach part on PGlite and, with TEST_DATABASE_URL, on a fresh PostgreSQL database. */
export async function runCoachPart(o: BenchOptions): Promise<CoachPart[]> {
  const parts = [await runCoachOn('pglite')];
  if (o.testDatabaseUrl) parts.push(await runCoachOn('postgres'));
  return parts;
}

async function runCoachOn(database: 'pglite' | 'postgres'): Promise<CoachPart> {
  progress(`coach/${database}: starting the provider stand-in and a server`);
  const pgdb = database === 'postgres' ? await (await import('../../server/test/harness.js')).freshPostgresDatabase() : undefined;
  const fake = await startFakeOpenAI();
  const server = await startChildServer({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.baseURL,
    AI_MODEL: 'bench-model',
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
  }).catch(async (err: unknown) => {
    await fake.close();
    await pgdb?.drop().catch(() => {});
    throw err;
  });
  const base: Omit<CoachPart, 'availability'> = {
    database,
    providerFirstTokenMs: PROVIDER_FIRST_TOKEN_MS,
    samples: 0,
    rounds: [],
  };
  try {
    const target = { url: server.url, anonKey: server.anonKey };
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const { availability, user } = await createBenchUser(target);
      if (!availability.available || !user) return { ...base, availability };
      const { accessToken } = await passwordGrant(target, user);
      if (!accessToken) return { ...base, availability: { available: false, reason: 'no access token' } };
      tokens.push(accessToken);
    }
    progress(`coach/${database}: time to first token, ${TTFT_SAMPLES} samples each way, one at a time`);
    const directs: StreamTiming[] = [];
    const vias: StreamTiming[] = [];
    for (let i = 0; i < TTFT_WARMUP + TTFT_SAMPLES; i++) {
      fake.script(REPLY);
      const d = await direct(fake);
      fake.script(REPLY);
      const v = await viaServer(server, tokens[i % tokens.length]!);
      if (!v.ok)
        return { ...base, availability: { available: false, reason: `coach answered HTTP ${v.status} without a complete stream` } };
      if (i >= TTFT_WARMUP) {
        directs.push(d);
        vias.push(v);
      }
    }
    const d = summarise(directs.map((x) => x.firstTokenMs));
    const v = summarise(vias.map((x) => x.firstTokenMs));
    const rounds: CoachRound[] = [];
    for (let n = 1; n <= ROUNDS; n++) {
      progress(`coach/${database}: round ${n} of ${ROUNDS}, ${CONCURRENT} concurrent streams`);
      rounds.push(await round(server, fake, tokens, n));
    }
    return {
      ...base,
      availability: { available: true },
      samples: TTFT_SAMPLES,
      directFirstTokenP50Ms: d.p50,
      directFirstTokenP95Ms: d.p95,
      serverFirstTokenP50Ms: v.p50,
      serverFirstTokenP95Ms: v.p95,
      addedP50Ms: v.p50 - d.p50,
      ratio: v.p50 / d.p50,
      rounds,
    };
  } finally {
    await server.stop({ removeData: true });
    await fake.close();
    await pgdb?.drop().catch((err: unknown) => progress(`coach/postgres: could not drop the bench database: ${String(err)}`));
  }
}
