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

/**
 * The same for every direct child of a container, usually a page's <main>: each section below the fold rises into
 * view on its own, so a content page needs one ref instead of a wrapper per section. Children already marked (a
 * nested <Reveal>) are left to their own observer.
 */
export function useRevealChildren<T extends HTMLElement>() {
  return useCallback((el: T | null) => {
    if (!el || !canReveal()) return;
    const stops = [...el.children]
      .filter((c): c is HTMLElement => c instanceof HTMLElement && !c.dataset.reveal)
      .map(revealWhenSeen)
      .filter((stop) => stop !== undefined);
    return () => stops.forEach((stop) => stop());
  }, []);
}
