import { describe, expect, it, vi } from 'vitest';
import { createAnalyticsClient, FLUSH_INTERVAL_MS, type AnalyticsRow, type AnalyticsTransport } from './analytics-client';

function setup(opts: { fail?: boolean } = {}) {
  const sent: AnalyticsRow[][] = [];
  const hidden: AnalyticsRow[][] = [];
  let tick: (() => void) | undefined;
  let fail = opts.fail ?? false;
  const transport: AnalyticsTransport = {
    send: vi.fn(async (b: AnalyticsRow[]) => {
      if (fail) throw new Error('offline');
      sent.push(b);
    }),
    sendOnHide: (b) => (hidden.push(b), true),
  };
  const client = createAnalyticsClient(transport, {
    pagePath: () => '/pricing',
    referrer: () => 'https://ref.example/',
    now: () => new Date('2026-01-02T03:04:05.000Z'),
    sessionId: () => 'sess-1',
    setInterval: (fn, ms) => {
      expect(ms).toBe(FLUSH_INTERVAL_MS);
      tick = fn;
      return 1;
    },
    clearInterval: () => (tick = undefined),
  });
  return { client, sent, hidden, tick: async () => (tick?.(), await Promise.resolve()), setFail: (v: boolean) => (fail = v), transport };
}

describe('analytics client', () => {
  it('queues nothing before start and sends batches on the interval with timestamp, path, referrer and session', async () => {
    const s = setup();
    s.client.track('page_view');
    expect(s.client.queued).toHaveLength(0);
    s.client.start();
    s.client.track('page_view', { title: 'Pricing' });
    s.client.track('scroll_depth', { depth: 25 });
    expect(s.sent).toHaveLength(0);
    await s.tick();
    expect(s.sent).toEqual([
      [
        {
          event_type: 'page_view',
          session_id: 'sess-1',
          event_data: { title: 'Pricing', timestamp: '2026-01-02T03:04:05.000Z', page_path: '/pricing', referrer: 'https://ref.example/' },
        },
        {
          event_type: 'scroll_depth',
          session_id: 'sess-1',
          event_data: { depth: 25, timestamp: '2026-01-02T03:04:05.000Z', page_path: '/pricing', referrer: 'https://ref.example/' },
        },
      ],
    ]);
  });

  it('flushes critical events at once', async () => {
    const s = setup();
    s.client.start();
    s.client.track('page_view');
    s.client.track('waitlist_signup', { position: 3 });
    await Promise.resolve();
    expect(s.sent.flat().map((r) => r.event_type)).toEqual(['page_view', 'waitlist_signup']);
  });

  it('puts a failed batch back and sends it with the next flush, logging only to the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = setup({ fail: true });
    s.client.start();
    s.client.track('a');
    await s.client.flush();
    expect(s.client.queued.map((r) => r.event_type)).toEqual(['a']);
    s.client.track('b');
    s.setFail(false);
    await s.client.flush();
    expect(s.sent.flat().map((r) => r.event_type)).toEqual(['a', 'b']);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('hands the queue to the keepalive transport on page hide', () => {
    const s = setup();
    s.client.start();
    s.client.track('engaged_user');
    s.client.flushOnHide();
    expect(s.hidden.flat().map((r) => r.event_type)).toEqual(['engaged_user']);
    expect(s.client.queued).toHaveLength(0);
  });

  it('stops at once when consent is withdrawn: queue dropped, timer cleared, nothing tracked', async () => {
    const s = setup();
    s.client.start();
    s.client.track('page_view');
    s.client.stop();
    s.client.track('page_view');
    await s.client.flush();
    s.client.flushOnHide();
    expect(s.sent).toEqual([]);
    expect(s.hidden).toEqual([]);
    expect(s.transport.send).not.toHaveBeenCalled();
  });
});
