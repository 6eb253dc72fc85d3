import { Suspense, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** A part of the sign-in card that loads on use. The parts a page hydrates sit outside any Suspense boundary (decision 0060). */
export function LaterStep({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Spinner className="size-6 text-primary" label="Loading" />}>{children}</Suspense>;
}
