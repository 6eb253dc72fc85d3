import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP server standing in for Make, Zapier or n8n: records every request and answers with the next status of
 * `script` (then `otherwise`). `waitFor(n)` resolves when n requests have arrived (no sleeping).
 */
export interface Receiver {
  url: string;
  received: Received[];
  /** Statuses to answer, one per request, in order; after them, `otherwise`. */
  script: number[];
  otherwise: number;
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(opts: { hold?: boolean; delayMs?: number } = {}): Promise<Receiver & { release(): void }> {
  const waiters: { n: number; resolve: () => void }[] = [];
  const held: (() => void)[] = [];
  let holding = opts.hold ?? false;
  const r = {
    url: '',
    received: [] as Received[],
    script: [] as number[],
    otherwise: 200,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      r.received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      for (const w of waiters.filter((x) => r.received.length >= x.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      const status = r.script.length ? r.script.shift()! : r.otherwise;
      const answer = () => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ ok: status < 300, status }));
      };
      if (holding) held.push(answer);
      else if (opts.delayMs) setTimeout(answer, opts.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(r, {
    waitFor(n: number, timeoutMs = 30_000) {
      if (r.received.length >= n) return Promise.resolve(r.received);
      return new Promise<Received[]>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver got ${r.received.length} of ${n} requests`)), timeoutMs);
        waiters.push({ n, resolve: () => (clearTimeout(timer), resolve(r.received)) });
      });
    },
    release() {
      holding = false;
      for (const a of held.splice(0)) a();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
