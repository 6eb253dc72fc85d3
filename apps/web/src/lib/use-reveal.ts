import { useCallback } from 'react';

/**
 * Reveal-on-scroll (docs/design.md#motion): a ref callback that marks an element that starts below the viewport as
 * pending (faded and lowered by CSS, .reveal in index.css) and reveals it once a tenth of it enters the viewport.
 * Content already in view, a prerendered page before the script runs, a browser without IntersectionObserver and
 * prefers-reduced-motion all show the content at once: nothing is ever hidden that the visitor could be reading.
 */
export function useReveal<T extends HTMLElement>() {
  return useCallback((el: T | null) => {
    if (!el || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    if (el.getBoundingClientRect().top < window.innerHeight) return;
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
  }, []);
}
