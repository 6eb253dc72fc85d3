/**
 * React drops a click on a part that has not hydrated (its code is not there to handle it). Until `hydrated` is
 * called, a click inside `el` is held (its default action too: a link is not followed outside the router) and `load`
 * asked for; once hydrated, the last held click is made again on the same element. Returns [hydrated, cleanup].
 */
export function replayClicks(el: HTMLElement, load: () => void): [hydrated: () => void, cleanup: () => void] {
  let done = false;
  let held: HTMLElement | null = null;
  const onClick = (e: MouseEvent) => {
    if (done || !(e.target instanceof HTMLElement) || !el.contains(e.target)) return;
    e.preventDefault();
    e.stopPropagation();
    held = e.target;
    load();
  };
  // On the document, capturing: React's own listener on the root stops the event before it reaches `el`.
  const doc = el.ownerDocument;
  doc.addEventListener('click', onClick, true);
  const cleanup = () => {
    doc.removeEventListener('click', onClick, true);
  };
  const hydrated = () => {
    done = true;
    cleanup();
    const target = held;
    held = null;
    // After the commit that hydrated it, so the element's React handlers are in place (a microtask, not a timer: a
    // page whose timers are held, as under a test's fake clock, still gets its click).
    if (target) queueMicrotask(() => void (target.isConnected && target.click()));
  };
  return [hydrated, cleanup];
}
