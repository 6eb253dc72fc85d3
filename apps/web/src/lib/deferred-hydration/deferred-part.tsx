import { memo, Suspense, use, useLayoutEffect, type ComponentType } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { ContextFence, useFenceHydratedSignal } from './context-fence';

type Tracked<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

/** A part of a prerendered page whose code loads, and whose HTML hydrates, only when `load()` is called. */
export interface DeferredPart {
  /** Loads the part's code (once; a failed load is tried again on the next call). */
  load(): Promise<unknown>;
  /** The part. It takes no props, so nothing above it can make it render again before it has hydrated. */
  Part: ComponentType;
  /** Calls `cb` whenever the part has hydrated (or rendered on the client); returns the unsubscribe. */
  whenHydrated(cb: () => void): () => void;
}

/**
 * Selective hydration (issue 15, decision 0098): while the page hydrates, the part renders a Suspense boundary that
 * waits for `load()`, so React keeps the part's prerendered HTML on screen, untouched and without its code, until
 * then, and hydrates it when the code arrives. Rendered on the server, or on the client after a navigation, the part
 * loads at once (the page's own loader awaits `load()` first, so it is usually there: router.tsx).
 */
const every: DeferredPart[] = [];

/** Loads every part made so far: the prerender renders each page whole (entry-server.tsx). */
export const loadEveryDeferredPart = () => Promise.all(every.map((p) => p.load()));

export function deferredPart(importer: () => Promise<ComponentType>): DeferredPart {
  let resolve!: (c: ComponentType) => void;
  // Marked when fulfilled, so use() renders a loaded part at once instead of suspending for a microtask.
  const ready: Tracked<ComponentType> = new Promise((r) => (resolve = r));
  let loading: Promise<ComponentType> | undefined;
  const load = () =>
    (loading ??= importer().then(
      (component) => {
        Object.assign(ready, { status: 'fulfilled', value: component });
        resolve(component);
        return component;
      },
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));

  const listeners = new Set<() => void>();
  let hydrated = false;
  const whenHydrated = (cb: () => void) => {
    listeners.add(cb);
    if (hydrated) cb();
    return () => void listeners.delete(cb);
  };

  function Loaded() {
    // Hydrating (a prerendered page, or the prerender itself): wait for load(). Rendered on the client: load now; the
    // boundary shows nothing until the code is there.
    if (useHydrated()) void load().catch(() => undefined);
    const Component = use(ready as Promise<ComponentType>);
    // Hydrated (or rendered): from now on the part sees the live contexts, no longer those the page hydrated with.
    const signal = useFenceHydratedSignal();
    useLayoutEffect(() => {
      signal();
      hydrated = true;
      for (const cb of listeners) cb();
      return () => void (hydrated = false);
    }, [signal]);
    return <Component />;
  }

  // Nothing here may render again before the boundary has hydrated: memo (no props, no state) stops the page's own
  // re-renders (a hash link) and the fence ends context changes (context-fence.tsx).
  const Part = memo(function DeferredPartBoundary() {
    return (
      <ContextFence>
        <Suspense fallback={null}>
          <Loaded />
        </Suspense>
      </ContextFence>
    );
  });

  const part = { load, Part, whenHydrated };
  every.push(part);
  return part;
}
