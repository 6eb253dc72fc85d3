import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** A part of the sign-in card that loads on use. The parts a page hydrates sit outside any Suspense boundary (decision 0060). */
export function LaterStep({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner className="size-6 text-primary" label="Loading" />}>{children}</Suspense>;
}

/** A component of the card loaded by `load` on first render, shown in a LaterStep meanwhile. */
export function laterComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Loaded = lazy(load);
  return function Later(props: P) {
    return (
      <LaterStep>
        <Loaded {...props} />
      </LaterStep>
    );
  };
}
