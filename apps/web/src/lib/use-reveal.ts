import { useCallback } from 'react';

/** Whether reveal-on-scroll may run here: an IntersectionObserver, and no prefers-reduced-motion. */
function canReveal(): boolean {
  if (typeof IntersectionObserver === 'undefined') return false;
  return !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Marks one element that starts below the viewport as pending (faded and lowered by CSS, [data-reveal] in index.css)
 * and reveals it once a tenth of it enters the viewport. Returns the observer's disconnect, or nothing when the
 * element is already in view (it is then never hidden).
 */
function revealWhenSeen(el: HTMLElement): (() => void) | undefined {
  if (el.getBoundingClientRect().top < window.innerHeight) return undefined;
  el.dataset.reveal = 'pending';
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      el.dataset.reveal = 'shown';
      observer.disconnect();
    },
    { threshold: 0.1 },
  );
  observer.observe(el);
  return () => observer.disconnect();
}

/**
 * Reveal-on-scroll (docs/design.md#motion): a ref callback for one block (components/ui/reveal.tsx).
 * Content already in view, a prerendered page before the script runs, a browser without IntersectionObserver and
 * prefers-reduced-motion all show the content at once: nothing is ever hidden that the visitor could be reading.
 */
export function useReveal<T extends HTMLElement>() {
  return useCallback((el: T | null) => {
    if (!el || !canReveal()) return;
    return revealWhenSeen(el);
  }, []);
}

/** Blocks that are revealed whole, never taken apart: a table, a form, media. */
const WHOLE = new Set(['TABLE', 'FORM', 'IFRAME', 'VIDEO', 'IMG', 'svg', 'P', 'H1', 'H2', 'H3']);

/**
 * Reveals every block of `el` that starts below the fold; a block that starts on screen but runs past the fold is
 * taken apart (up to `depth` levels), so its lower parts rise in on their own.
 */
function revealBelowFold(el: HTMLElement, depth: number): (() => void)[] {
  return [...el.children].flatMap((c) => {
    if (!(c instanceof HTMLElement) || c.dataset.reveal) return [];
    const box = c.getBoundingClientRect();
    if (box.top >= window.innerHeight) {
      const stop = revealWhenSeen(c);
      return stop ? [stop] : [];
    }
    if (depth > 0 && box.bottom > window.innerHeight && !WHOLE.has(c.tagName)) return revealBelowFold(c, depth - 1);
    return [];
  });
}

/**
 * The same for a whole page: a ref for its <main> (or another container). Each block below the fold rises into
 * view on its own; a section that crosses the fold is looked into, three levels deep, so a long section's lower
 * cards still rise in. Blocks already marked (a nested <Reveal>) are left to their own observer.
 */
export function useRevealChildren<T extends HTMLElement>() {
  return useCallback((el: T | null) => {
    if (!el || !canReveal()) return;
    const stops = revealBelowFold(el, 3);
    return () => stops.forEach((stop) => stop());
  }, []);
}
