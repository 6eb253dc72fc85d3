import { useCallback } from 'react';
import { type DeferredPart } from '@/lib/deferred-hydration/deferred-part';
import { loadWhenNear } from '@/lib/deferred-hydration/load-when-near';
import { replayClicks } from '@/lib/deferred-hydration/replay-clicks';
import { useReveal } from '@/lib/use-reveal';

/**
 * A block around a deferred part: its prerendered HTML hydrates once the block nears the viewport or the pointer or
 * focus reaches it (`onInteraction`: only then), and a click made before is made again once it has
 * (lib/deferred-hydration, decision 0098). With `reveal` it is also a <Reveal> (the same rise into
 * view as the page's other blocks).
 */
export function DeferredBlock({
  part,
  className,
  reveal = false,
  onInteraction = false,
}: {
  part: DeferredPart;
  className?: string;
  reveal?: boolean;
  /** Only on the pointer, focus or a click: for content on screen from the start with nothing to do before. */
  onInteraction?: boolean;
}) {
  const revealRef = useReveal<HTMLDivElement>();
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el) return;
      const stopReveal = reveal ? revealRef(el) : undefined;
      const load = () => void part.load().catch(() => undefined);
      const stopWatching = loadWhenNear(el, load, !onInteraction);
      const [replay, stopHolding] = replayClicks(el, load);
      const stopMarking = part.whenHydrated(() => {
        replay();
        // Tests (and a curious reader of the DOM) can tell a part that hydrated from one still waiting.
        el.dataset.deferred = 'hydrated';
      });
      return () => {
        stopReveal?.();
        stopWatching();
        stopHolding();
        stopMarking();
      };
    },
    [reveal, revealRef, part, onInteraction],
  );
  return (
    <div ref={ref} className={className} data-deferred="waiting">
      <part.Part />
    </div>
  );
}
