import { describe, expect, it } from 'vitest';
import { parseDsn, parseStack, scrub } from './error-tracking.js';

describe('error tracking', () => {
  it('derives the envelope URL and key from a DSN, with or without a path prefix', () => {
    expect(parseDsn('https://abc123@o1.ingest.sentry.io/4507')).toEqual({
      envelopeUrl: 'https://o1.ingest.sentry.io/api/4507/envelope/',
      publicKey: 'abc123',
    });
    expect(parseDsn('http://k@127.0.0.1:9000/glitchtip/7')).toEqual({
      envelopeUrl: 'http://127.0.0.1:9000/glitchtip/api/7/envelope/',
      publicKey: 'k',
    });
    expect(() => parseDsn('https://o1.ingest.sentry.io/4507')).toThrow(/KEY@HOST/);
    expect(() => parseDsn('https://k@host/not-a-number')).toThrow(/KEY@HOST/);
  });

  it('scrubs e-mail addresses, IPs, UUIDs and tokens from text', () => {
    const text = scrub(
      'Key (email)=(Jane.Doe+x@example.co.uk) exists; from 203.0.113.7 and 2001:db8::1; user 0b7c3c1e-6a0e-4f7c-9d2a-2f1f7a0b9c11; jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig; key sk_live_0123456789abcdefghijklmnopqrstuv',
    );
    expect(text).toBe('Key (email)=([email]) exists; from [ip] and [ip]; user [uuid]; jwt [token]; key [token]');
    expect(scrub('ab '.repeat(2000)).length).toBe(1000);
  });

  it('parses V8 and Firefox stacks into frames, oldest first, without origins or query strings', () => {
    const v8 = parseStack(
      'TypeError: boom\n    at render (https://app.example.com/assets/index-Ab12.js?v=3:10:20)\n    at file:///srv/app/node_modules/hono/dist/x.js:1:2\n    at node:internal/process:5:6',
    );
    expect(v8.map((f) => f.filename)).toEqual(['node:internal/process', '/srv/app/node_modules/hono/dist/x.js', '/assets/index-Ab12.js']);
    expect(v8[2]).toMatchObject({ function: 'render', lineno: 10, colno: 20, in_app: true });
    expect(v8[1]!.in_app).toBe(false);
    const gecko = parseStack('render@https://app.example.com/assets/index-Ab12.js#x:3:4');
    expect(gecko).toEqual([{ filename: '/assets/index-Ab12.js', function: 'render', lineno: 3, colno: 4, in_app: true }]);
  });
});
