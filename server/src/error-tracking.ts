import { randomUUID } from 'node:crypto';
import type { Config } from './config.js';
import type { Logger } from './log.js';
import { APP_ROOT } from './paths.js';
import { RELEASE } from './release.js';

/**
 * SENTRY_DSN: unhandled server errors and browser errors go to a Sentry-compatible endpoint as envelopes
 * (https://develop.sentry.dev/sdk/data-model/envelopes/), with no SDK. No personal data by construction: an
 * event carries only the error's type, its scrubbed message, stack frames (file, function, line) and a few
 * bounded tags, and the release; never a user, IP, header, cookie, query string or body. Messages lose e-mail addresses,
 * IP addresses, UUIDs and token-like strings, since database errors can quote the values they refused.
 */
export interface ErrorTracker {
  capture(report: ErrorReport): void;
}

export interface ErrorReport {
  type: string;
  message: string;
  stack?: string;
  source: 'server' | 'browser';
  /** Bounded values chosen by the server (route template, request id); the caller scrubs anything else. */
  tags?: Record<string, string>;
}

interface Frame {
  filename: string;
  function: string;
  lineno?: number;
  colno?: number;
  in_app: boolean;
}

/** Envelope URL and public key from https://KEY@HOST[/PATH]/PROJECT_ID. */
export function parseDsn(dsn: string): { envelopeUrl: string; publicKey: string } {
  const u = new URL(dsn);
  const m = /^(.*)\/(\d+)\/?$/.exec(u.pathname);
  if (!u.username || !m || !/^https?:$/.test(u.protocol)) throw new Error('SENTRY_DSN must look like https://KEY@HOST/PROJECT_ID');
  return { envelopeUrl: `${u.protocol}//${u.host}${m[1]}/api/${m[2]}/envelope/`, publicKey: decodeURIComponent(u.username) };
}

const SCRUBS: [RegExp, string][] = [
  [/[^\s@"'<>()[\]]+@[^\s@"'<>()[\]]+\.[a-z]{2,}/gi, '[email]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '[uuid]'],
  [/\b\d{1,3}(\.\d{1,3}){3}\b/g, '[ip]'],
  [/\b[0-9a-f]*:[0-9a-f:]*:[0-9a-f]+\b/gi, '[ip]'],
  [/\b[\w-]{32,}\b/g, '[token]'],
];

/** Removes what could identify a person or grant access from free text. */
export function scrub(text: string, max = 1000): string {
  let out = text.slice(0, max * 2);
  for (const [re, to] of SCRUBS) out = out.replace(re, to);
  return out.slice(0, max);
}

/** V8 ("at fn (file:1:2)") and Firefox/Safari ("fn@file:1:2") stack lines, oldest call first as Sentry expects. */
export function parseStack(stack: string | undefined): Frame[] {
  if (!stack) return [];
  const frames: Frame[] = [];
  for (const line of stack.split('\n').slice(0, 60)) {
    const v8 = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line);
    const gecko = v8 ? null : /^\s*(.*?)@(.+?):(\d+):(\d+)$/.exec(line);
    const m = v8 ?? gecko;
    if (!m) continue;
    const filename = cleanFile(m[2]!);
    frames.push({
      filename,
      function: scrub(m[1] || '?', 200),
      lineno: Number(m[3]),
      colno: Number(m[4]),
      in_app: !filename.includes('node_modules') && !filename.startsWith('node:'),
    });
  }
  return frames.reverse();
}

/** Paths relative to the install, URLs without origin, query or hash. */
function cleanFile(file: string): string {
  let f = file.replace(/^file:\/\//, '');
  if (f.startsWith(APP_ROOT)) f = f.slice(APP_ROOT.length + 1);
  if (/^https?:\/\//.test(f)) {
    try {
      f = new URL(f).pathname;
    } catch {
      f = '[url]';
    }
  }
  return scrub(f.split(/[?#]/)[0]!, 300);
}

/** At most this many events per minute per process: a failure storm must not become a flood of requests. */
const MAX_PER_MINUTE = 30;

export function createErrorTracker(config: Pick<Config, 'SENTRY_DSN' | 'NODE_ENV'>, log: Logger): ErrorTracker | undefined {
  if (!config.SENTRY_DSN) return undefined;
  const { envelopeUrl, publicKey } = parseDsn(config.SENTRY_DSN);
  const auth = `Sentry sentry_version=7, sentry_key=${publicKey}, sentry_client=vibe-platform/1.0`;
  let windowStart = 0;
  let sent = 0;
  return {
    capture(report) {
      const now = Date.now();
      if (now - windowStart > 60_000) {
        windowStart = now;
        sent = 0;
      }
      if (++sent > MAX_PER_MINUTE) return;
      const eventId = randomUUID().replace(/-/g, '');
      const event = {
        event_id: eventId,
        timestamp: now / 1000,
        platform: report.source === 'browser' ? 'javascript' : 'node',
        level: 'error',
        environment: config.NODE_ENV,
        // the server's release, for browser reports too: the server serves the page that reported
        release: RELEASE,
        tags: Object.fromEntries(Object.entries({ ...report.tags, source: report.source }).map(([k, v]) => [k, v.slice(0, 200)])),
        exception: {
          values: [{ type: scrub(report.type, 100), value: scrub(report.message), stacktrace: { frames: parseStack(report.stack) } }],
        },
      };
      const body = [
        JSON.stringify({ event_id: eventId, sent_at: new Date(now).toISOString() }),
        JSON.stringify({ type: 'event' }),
        JSON.stringify(event),
      ].join('\n');
      // Fire and forget: reporting must never slow or fail the request that hit the error.
      fetch(envelopeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': auth },
        body,
        signal: AbortSignal.timeout(5000),
      })
        .then((res) => {
          if (!res.ok) log.warn({ status: res.status }, 'error tracker refused an event');
        })
        .catch((err: unknown) => log.warn({ err: err instanceof Error ? err.message : String(err) }, 'error tracker unreachable'));
    },
  };
}
