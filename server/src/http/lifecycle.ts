import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { prefixErrorResponse } from '../errors/json.js';

/**
 * The server's shutdown state, shared by the drain middleware, /api/health/ready and server.close(). While
 * draining, requests already running finish; new ones (arriving on kept-alive connections) get a 503 with
 * Connection: close, so nothing starts that the database close could cut short.
 */
export class Lifecycle {
  draining = false;
  inFlight = 0;
  private idleWaiters: (() => void)[] = [];

  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const health = c.req.path.startsWith('/api/health');
      if (this.draining && !health) {
        return prefixErrorResponse(c, 'shutting_down', { headers: { Connection: 'close', 'Retry-After': '5' } });
      }
      this.inFlight++;
      try {
        await next();
      } finally {
        if (this.draining) c.res.headers.set('Connection', 'close');
        if (--this.inFlight === 0) for (const w of this.idleWaiters.splice(0)) w();
      }
    };
  }

  /** Resolves when no request is running (at once if none is). */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}

/**
 * Remembers since when each connection has been idle (no request running on it), so a drain can close only
 * connections idle for a while: a kept-alive client under load sends its next request within a millisecond of
 * the last response, so closing a connection idle for `ms` does not reset a request being sent, and the drain
 * does not wait out Node's 5 s keep-alive timeout for clients that went quiet.
 */
export function trackIdleConnections(server: Server): { closeIdleFor(ms: number): void } {
  const idleSince = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    idleSince.set(socket, performance.now());
    socket.once('close', () => idleSince.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    idleSince.delete(socket);
    res.once('close', () => {
      if (!socket.destroyed) idleSince.set(socket, performance.now());
    });
  });
  return {
    closeIdleFor(ms) {
      const now = performance.now();
      for (const [socket, since] of idleSince) if (now - since >= ms) socket.destroy();
    },
  };
}
