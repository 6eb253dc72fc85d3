/** The booking widget's states (docs/product.md#booking-widget): loading, then loaded or error; timeout is a distinct kind of error. */
export type BookingState =
  { status: 'loading' } | { status: 'loaded' } | { status: 'error'; reason: 'script' | 'no-widget' | 'no-content' | 'timeout' };

/** docs/product.md#booking-widget: first check after 1 s, content checks every 2 s up to 10, overall 30 s. */
export const BOOKING_TIMINGS = { firstCheckMs: 1000, contentCheckMs: 2000, contentChecks: 10, overallMs: 30_000 };

/** Content the embed has put in its container: an iframe, a form, a calendar/booking element, or a sizeable block of text. */
export function hasBookingContent(widget: HTMLElement): boolean {
  if (widget.querySelector('iframe, form, [class*="calendar" i], [class*="booking" i], [data-calendly], [data-cal-link]')) return true;
  return Array.from(widget.querySelectorAll<HTMLElement>('*')).some(
    (el) => el.offsetHeight > 100 && (el.textContent?.trim().length ?? 0) > 20,
  );
}

interface MonitorOptions {
  findWidget: () => HTMLElement | null;
  /** Content checks only count once the embed's script has run; a slow download ends in the overall timeout instead. */
  isScriptReady: () => boolean;
  onChange: (state: BookingState) => void;
  timings?: typeof BOOKING_TIMINGS;
}

/** Watches the embed and reports exactly one final state. The returned handles report what the page learns by events. */
export function watchBookingWidget({ findWidget, isScriptReady, onChange, timings = BOOKING_TIMINGS }: MonitorOptions) {
  const timers: ReturnType<typeof setTimeout>[] = [];
  let interval: ReturnType<typeof setInterval> | undefined;
  let done = false;
  let attempts = 0;

  const finish = (state: BookingState) => {
    if (done) return;
    done = true;
    timers.forEach(clearTimeout);
    clearInterval(interval);
    onChange(state);
  };

  timers.push(setTimeout(() => finish({ status: 'error', reason: 'timeout' }), timings.overallMs));
  timers.push(
    setTimeout(() => {
      const widget = findWidget();
      if (!widget) return finish({ status: 'error', reason: 'no-widget' });
      if (hasBookingContent(widget)) return finish({ status: 'loaded' });
      interval = setInterval(() => {
        const w = findWidget();
        if (w && hasBookingContent(w)) return finish({ status: 'loaded' });
        if (!isScriptReady()) return;
        attempts += 1;
        if (attempts >= timings.contentChecks) finish({ status: 'error', reason: 'no-content' });
      }, timings.contentCheckMs);
    }, timings.firstCheckMs),
  );

  return {
    scriptFailed: () => finish({ status: 'error', reason: 'script' }),
    contentSeen: () => finish({ status: 'loaded' }),
    stop: () => {
      done = true;
      timers.forEach(clearTimeout);
      clearInterval(interval);
    },
  };
}
