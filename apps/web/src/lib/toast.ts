import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * Toasts without sonner in the first page load (issue 15): a call queues the toast and asks the app to mount its
 * toaster (app/toaster-host, its own chunk); once mounted, the queue is shown and later calls go straight through.
 * Every toast goes through here, never sonner's own `toast` (an ESLint rule in eslint.config.js says so).
 */
type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner['success']>[0];

let ready: Sonner | null = null;
let queue: ((t: Sonner) => void)[] = [];
let wanted = false;
const listeners = new Set<() => void>();

/** Whether something has asked for the toaster (read by app/toaster-host with useSyncExternalStore). */
export const toasterWanted = () => wanted;
export function subscribeToasterWanted(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Asks the app to mount its toaster (idempotent). */
export function requestToaster() {
  if (wanted) return;
  wanted = true;
  for (const l of [...listeners]) l();
}

/** Called by the mounted toaster: shows what was queued before it existed. */
export function toasterReady(t: Sonner) {
  ready = t;
  const waiting = queue;
  queue = [];
  for (const show of waiting) show(t);
}

function show(fn: (t: Sonner) => void) {
  if (ready) fn(ready);
  else {
    queue.push(fn);
    requestToaster();
  }
}

export const toast = {
  message: (m: Message, o?: ExternalToast) => show((t) => t.message(m, o)),
  success: (m: Message, o?: ExternalToast) => show((t) => t.success(m, o)),
  info: (m: Message, o?: ExternalToast) => show((t) => t.info(m, o)),
  warning: (m: Message, o?: ExternalToast) => show((t) => t.warning(m, o)),
  error: (m: Message, o?: ExternalToast) => show((t) => t.error(m, o)),
};
