import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from '../lib/stats.js';
import type { LoadFigures } from '../lib/types.js';
import type { LoadRequest } from './load.js';

const REQUEST_TIMEOUT_MS = 30_000;

/** One request on the probe's connection: its status, or a failure's name. */
function send(agent: Agent, url: URL, r: LoadRequest): Promise<number | 'connection error' | 'timeout'> {
  return new Promise((resolve) => {
    const req = httpRequest(
      url,
      { agent, method: r.method ?? 'GET', headers: r.headers as Record<string, string> | undefined, timeout: REQUEST_TIMEOUT_MS },
      (res) => {
        res.resume(); // the body is read, not kept
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve('connection error'));
      },
    );
    req.on('timeout', () => {
      req.destroy();
      resolve('timeout');
    });
    req.on('error', () => resolve('connection error'));
    req.end(r.body);
  });
}

/**
 * `request` every 1/`rate` seconds on one kept-alive connection for `seconds`, as a health checker sends it. Each
 * latency runs from the moment its request was due, not from when it left, so an answer that holds up the next
 * request counts against that one too (no coordinated omission). autocannon's own rate limit is not a probe: it sends
 * each second's requests back to back as soon as the second starts, and stops until the next (docs/decisions/0108).
 */
export async function pacedProbe(url: string, request: LoadRequest, rate: number, seconds: number): Promise<LoadFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(request.path ?? '/', url);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  const start = performance.now();
  try {
    for (let i = 0; i < Math.round(rate * seconds); i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const answer = await send(agent, target, request);
      latencies.push(performance.now() - due);
      if (typeof answer !== 'number' || answer < 200 || answer > 299) {
        const key = String(answer);
        failures[key] = (failures[key] ?? 0) + 1;
      }
    }
  } finally {
    agent.destroy();
  }
  const errors = Object.values(failures).reduce((a, b) => a + b, 0);
  return {
    rps: (latencies.length - errors) / ((performance.now() - start) / 1000),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    requests: latencies.length,
    errors,
    failures,
  };
}
