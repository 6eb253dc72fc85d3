// Issue 38 item 6: behind a trusted proxy, limits key the client's canonical address (IPv6: its /64), taken from the
// right-most X-Forwarded-For hop; new spellings or new addresses in one /64 get no fresh budget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_LIMITS } from '../src/api/limits.js';
import { SERVICE_DB, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ TRUST_PROXY: 'true' });
}, 60_000);
afterAll(() => t?.close(), 30_000);

let seq = 0;
const join = (xff: string) =>
  fetch(`${t.url}/api/waitlist`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
    body: JSON.stringify({ name: 'Prefix Tester', email: `prefix-${++seq}@example.com` }),
  });

describe(`client IPs behind a trusted proxy (${SERVICE_DB})`, () => {
  it('limits 25 waitlist joins from 25 addresses of one IPv6 /64 as one client', async () => {
    const { points } = API_LIMITS.waitlist;
    const statuses: number[] = [];
    // one after another, so the refusals are the last ones; each from a new address the client picked in its /64
    for (let i = 1; i <= 25; i++) statuses.push((await join(`2001:db8:77:1:${i.toString(16)}::${i}`)).status);
    expect(statuses.slice(0, points)).toEqual(Array<number>(points).fill(201));
    expect(statuses.slice(points)).toEqual(Array<number>(25 - points).fill(429));
    // another /64 has its own budget
    expect((await join('2001:db8:77:2::1')).status).toBe(201);
  });

  it('counts other spellings of one address, and a spoofed left-most hop, as the same client', async () => {
    const spellings = ['198.51.100.20', '::ffff:198.51.100.20', '::FFFF:c633:6414', '[::ffff:198.51.100.20]:443'];
    const { points } = API_LIMITS.waitlist;
    const statuses: number[] = [];
    for (let i = 0; i < points + 2; i++) {
      // what the client wrote comes first; our proxy appends the address it saw
      const written = `10.${i}.0.1`;
      statuses.push((await join(`${written}, ${spellings[i % spellings.length]!}`)).status);
    }
    expect(statuses.slice(0, points).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(points)).toEqual([429, 429]);
  });
});
