import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { threadPoolSize } from './thread-pool-priority.js';

const run = promisify(execFile);

/** In a child process of its own: the priorities it lowers are those of the process that calls it. */
async function lowerInChild(env: NodeJS.ProcessEnv = {}) {
  const script = `
    import os from 'node:os';
    import { readdirSync } from 'node:fs';
    import { lowerThreadPoolPriority } from ${JSON.stringify(new URL('./thread-pool-priority.ts', import.meta.url).href)};
    const before = os.getPriority();
    const r = await lowerThreadPoolPriority();
    const others = readdirSync('/proc/self/task').map(Number).filter((t) => !r.lowered.includes(t));
    console.log(JSON.stringify({ ...r, pid: process.pid, before, lowered: r.lowered.map((t) => [t, os.getPriority(t)]),
      others: others.map((t) => os.getPriority(t)) }));`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
  });
  return JSON.parse(stdout) as { lowered: [number, number][]; expected: number; pid: number; before: number; others: number[] };
}

describe('threadPoolSize', () => {
  it("reads UV_THREADPOOL_SIZE, else libuv's default of 4", () => {
    expect(threadPoolSize({})).toBe(4);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: '8' })).toBe(8);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: 'lots' })).toBe(4);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: '5000' })).toBe(1024);
  });
});

describe.runIf(process.platform === 'linux')('lowerThreadPoolPriority', () => {
  it('lowers every pool thread to nice 10 and no other thread', async () => {
    const r = await lowerInChild();
    expect(r.lowered).toHaveLength(4);
    expect(r.lowered.map(([tid]) => tid)).not.toContain(r.pid);
    expect(r.lowered.every(([, nice]) => nice === Math.max(10, r.before))).toBe(true);
    // the main thread, V8's helpers and the rest keep the priority they started with
    expect(r.others.every((nice) => nice === r.before)).toBe(true);
  });

  it('finds a pool of another size', async () => {
    const r = await lowerInChild({ UV_THREADPOOL_SIZE: '2' });
    expect(r).toMatchObject({ expected: 2 });
    expect(r.lowered).toHaveLength(2);
  });
});
