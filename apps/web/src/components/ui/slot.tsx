import { Children, cloneElement, isValidElement, type HTMLAttributes, type Ref, type RefCallback } from 'react';

type Props = Record<string, unknown>;

function composeRefs<T>(a: Ref<T> | undefined, b: Ref<T> | undefined): Ref<T> | undefined {
  if (!a || !b) return a ?? b;
  const set = (r: Ref<T>, v: T | null) => (typeof r === 'function' ? r(v) : void ((r as { current: T | null }).current = v));
  const both: RefCallback<T> = (v) => {
    set(a, v);
    set(b, v);
  };
  return both;
}

/**
 * Renders its one child element with these props merged in, as Radix's Slot does for `asChild` (the child's props win,
 * both event handlers run, the child's first; classes are joined and styles merged): Button's one use of it, without
 * Radix's ~1.5 kB gzip in the entry every first visit loads (issue 15, decision 0098).
 */
export function Slot({ children, ...slot }: HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> }) {
  const child = Children.only(children);
  if (!isValidElement<Props>(child)) return null;
  const own = child.props;
  const merged: Props = { ...slot, ...own };
  for (const [key, ours] of Object.entries(slot as Props)) {
    const theirs = own[key];
    if (/^on[A-Z]/.test(key) && typeof ours === 'function' && typeof theirs === 'function')
      merged[key] = (...args: unknown[]) => {
        theirs(...args);
        ours(...args);
      };
    else if (key === 'style') merged.style = { ...(ours as object), ...(theirs as object) };
    else if (key === 'className') merged.className = [ours, theirs].filter(Boolean).join(' ');
  }
  merged.ref = composeRefs(slot.ref, own.ref as Ref<HTMLElement> | undefined);
  return cloneElement(child, merged);
}
