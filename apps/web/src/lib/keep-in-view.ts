/** What a visitor does to scroll by themselves: from then on the page is theirs to move. */
const OWN_SCROLL = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Brings `target` to the top of the viewport (below the fixed bar: the root's scroll-padding-top) and keeps it there
 * while the blocks of `container` above it change height, until the visitor scrolls by themselves or the returned
 * stop is called. A link to a section of a long page lands there although the sections above it are rendered
 * lazily (content-visibility: auto, estimated at a fixed height until near the viewport), hydrate, or load images
 * after the first scroll. Instant, not the site's smooth scroll: a smooth scroll aims at where the target was when it
 * started and ends off by whatever changed meanwhile.
 */
export function keepInView(target: HTMLElement, container: HTMLElement): () => void {
  const align = () => target.scrollIntoView({ block: 'start', behavior: 'instant' });
  const observer = new ResizeObserver(align);
  for (const block of container.children) observer.observe(block);
  // The browser moves the page by itself too (scroll anchoring, after a change below the target that no observed
  // block reports as a resize): seen on a slow phone-sized page, 6 px off and staying there.
  const realign = () => {
    const landing = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    if (Math.abs(target.getBoundingClientRect().top - landing) > 1) align();
  };
  const stop = () => {
    observer.disconnect();
    window.removeEventListener('scroll', realign);
    for (const type of OWN_SCROLL) window.removeEventListener(type, stop, true);
  };
  for (const type of OWN_SCROLL) window.addEventListener(type, stop, { capture: true, passive: true });
  window.addEventListener('scroll', realign, { passive: true });
  align();
  return stop;
}
