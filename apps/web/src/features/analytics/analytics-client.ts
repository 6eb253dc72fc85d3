/**
 * The browser's analytics queue (docs/product.md#analytics): events wait in a queue flushed every 5 s, critical events
 * flush at once, a failed flush puts its batch back, and on page hide what is queued leaves with a keepalive request.
 * It sends nothing until start() (analytics consent) and stop() drops everything at once (consent withdrawn).
 */

export const FLUSH_INTERVAL_MS = 5000;
export const CRITICAL_EVENTS: ReadonlySet<string> = new Set(['waitlist_signup', 'pdf_download', 'newsletter_signup', 'error']);
/** A queue that cannot reach the server stops growing here; the oldest events go first. */
export const MAX_QUEUED_EVENTS = 500;

export interface AnalyticsRow {
  event_type: string;
  event_data: Record<string, unknown>;
  session_id: string;
}

export interface AnalyticsTransport {
  /** Inserts one batch; rejects when it did not arrive. */
  send(batch: AnalyticsRow[]): Promise<void>;
  /** Hands a batch to the browser for delivery after the page is gone; false when it could not. */
  sendOnHide(batch: AnalyticsRow[]): boolean;
}

export interface AnalyticsEnvironment {
  pagePath(): string;
  referrer(): string;
  now(): Date;
  sessionId(): string;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export function createAnalyticsClient(transport: AnalyticsTransport, env: AnalyticsEnvironment) {
  let queue: AnalyticsRow[] = [];
  let timer: unknown;
  let enabled = false;

  const requeue = (batch: AnalyticsRow[]) => {
    if (!enabled) return;
    queue = [...batch, ...queue].slice(-MAX_QUEUED_EVENTS);
  };

  async function flush(): Promise<void> {
    if (!enabled || queue.length === 0) return;
    const batch = queue;
    queue = [];
    try {
      await transport.send(batch);
    } catch (err) {
      // docs/product.md#analytics: logging errors are console-only and never break the page; the batch is retried next time.
      console.warn('Analytics flush failed; will retry', err);
      requeue(batch);
    }
  }

  return {
    get enabled() {
      return enabled;
    },
    get queued(): readonly AnalyticsRow[] {
      return queue;
    },
    start() {
      if (enabled) return;
      enabled = true;
      timer = env.setInterval(() => void flush(), FLUSH_INTERVAL_MS);
    },
    /** Consent withdrawn: nothing more is sent, and what was queued is dropped. */
    stop() {
      enabled = false;
      queue = [];
      if (timer !== undefined) env.clearInterval(timer);
      timer = undefined;
    },
    track(eventType: string, data: Record<string, unknown> = {}) {
      if (!enabled) return;
      queue.push({
        event_type: eventType,
        event_data: { ...data, timestamp: env.now().toISOString(), page_path: env.pagePath(), referrer: env.referrer() || null },
        session_id: env.sessionId(),
      });
      if (queue.length > MAX_QUEUED_EVENTS) queue = queue.slice(-MAX_QUEUED_EVENTS);
      if (CRITICAL_EVENTS.has(eventType)) void flush();
    },
    flush,
    /** The page is being hidden or unloaded: hand everything queued to a request that outlives the page. */
    flushOnHide() {
      if (!enabled || queue.length === 0) return;
      const batch = queue;
      queue = [];
      if (!transport.sendOnHide(batch)) requeue(batch);
    },
  };
}

export type AnalyticsClient = ReturnType<typeof createAnalyticsClient>;
