import type { MiddlewareHandler } from 'hono';

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
        return c.json({ code: 503, error_code: 'shutting_down', message: 'The server is restarting. Please try again.' }, 503, {
          Connection: 'close',
          'Retry-After': '5',
        });
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
