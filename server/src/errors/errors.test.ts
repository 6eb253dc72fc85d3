import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { rateLimit, type RateLimiter } from '../http/rate-limit.js';
import { authError, authErrorAt, authRateLimited, sendAuthError } from './auth.js';
import { APP_ERRORS, AUTH_ERRORS, COACH_ERRORS } from './catalogue.js';
import { appRateLimited, functionsRateLimited, notFoundJson } from './json.js';

const silent = { error: () => {} } as never;

describe('the error catalogue', () => {
  it('gives every code a snake_case name, an error status and a message', () => {
    for (const [code, e] of [...Object.entries(AUTH_ERRORS), ...Object.entries(APP_ERRORS), ...Object.entries(COACH_ERRORS)]) {
      expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(e.status).toBeGreaterThanOrEqual(400);
      expect(e.message.length).toBeGreaterThan(0);
    }
  });

  it('builds GoTrue bodies from the catalogue, the call site saying only what differs', () => {
    expect(authError('email_exists')).toMatchObject({
      status: 422,
      body: { code: 422, error_code: 'email_exists', msg: AUTH_ERRORS.email_exists.message },
    });
    expect(authError('validation_failed', 'user_id must be an UUID').body).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'user_id must be an UUID',
    });
    expect(authErrorAt(400, 'user_banned')).toMatchObject({
      status: 400,
      body: { code: 400, error_code: 'user_banned', msg: 'User is banned' },
    });
    expect(authRateLimited(7).body).toEqual({
      code: 429,
      error_code: 'over_request_rate_limit',
      msg: 'Request rate limit reached',
      retry_after: 7,
    });
  });

  it('answers the same 429 on each wire format', async () => {
    const app = new Hono();
    app.get('/auth', (c) => sendAuthError(c, authRateLimited(9), silent));
    app.get('/api', (c) => appRateLimited(c, 9));
    app.get('/fn', (c) => functionsRateLimited(c, 9));
    app.get('/missing', notFoundJson);
    const auth = await app.request('/auth');
    expect([auth.status, auth.headers.get('retry-after'), await auth.json()]).toEqual([
      429,
      '9',
      { code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached', retry_after: 9 },
    ]);
    const api = await app.request('/api');
    expect([api.status, api.headers.get('retry-after'), await api.json()]).toEqual([
      429,
      '9',
      { code: 'over_request_rate_limit', message: 'Too many requests. Please try again later.' },
    ]);
    const fn = await app.request('/fn');
    expect([fn.status, await fn.json()]).toEqual([
      429,
      { success: false, code: 'over_request_rate_limit', error: 'Too many requests. Please try again later.' },
    ]);
    expect(await (await app.request('/missing')).json()).toEqual({
      code: 404,
      error_code: 'not_found',
      message: 'Not Found',
      path: '/missing',
    });
  });
});

describe('rateLimit (route middleware)', () => {
  const limiter = (allowed: boolean, keys: string[]): RateLimiter =>
    ({
      consume: async (key: string) => (keys.push(key), allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: 30 }),
    }) as unknown as RateLimiter;

  it('takes a point for the key before the handler; over budget the service answers and the handler never runs', async () => {
    const keys: string[] = [];
    let ran = 0;
    const app = new Hono();
    app.post(
      '/open',
      rateLimit(limiter(true, keys), (c) => c.req.header('x-who') ?? '', appRateLimited),
      (c) => (ran++, c.text('ok')),
    );
    app.post(
      '/shut',
      rateLimit(limiter(false, keys), (c) => c.req.header('x-who') ?? '', appRateLimited),
      (c) => (ran++, c.text('ok')),
    );
    expect((await app.request('/open', { method: 'POST', headers: { 'x-who': 'ann' } })).status).toBe(200);
    const shut = await app.request('/shut', { method: 'POST', headers: { 'x-who': 'bob' } });
    expect([shut.status, shut.headers.get('retry-after')]).toEqual([429, '30']);
    expect([ran, keys]).toEqual([1, ['ann', 'bob']]);
  });
});
