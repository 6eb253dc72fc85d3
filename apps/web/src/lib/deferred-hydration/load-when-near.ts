/** How far below the viewport a part starts loading: half a screen, so it is usually hydrated when it comes into view. */
const AHEAD = '0px 0px 50% 0px';
const INTERACTIONS = ['pointerover', 'pointerdown', 'focusin'] as const;

/**
 * Calls `load` once `el` comes within half a screen of the viewport (unless `near` is false: static content on
 * screen from the start), or the pointer or focus reaches it first (the code is asked for as soon as a click is
 * likely). Returns the cleanup.
 */
export function loadWhenNear(el: HTMLElement, load: () => void, near = true): () => void {
  if (near && typeof IntersectionObserver === 'undefined') {
    load();
    return () => undefined;
  }
  // On the document, capturing: React's own listener on the root stops an event whose target has not hydrated.
  const doc = el.ownerDocument;
  const stop = () => {
    observer?.disconnect();
    for (const t of INTERACTIONS) doc.removeEventListener(t, onEvent, true);
  };
  const now = () => {
    stop();
    load();
  };
  const onEvent = (e: Event) => e.target instanceof Node && el.contains(e.target) && now();
  const observer = near
    ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && now(), { rootMargin: AHEAD })
    : null;
  observer?.observe(el);
  for (const t of INTERACTIONS) doc.addEventListener(t, onEvent, { capture: true, passive: true });
  return stop;
}
