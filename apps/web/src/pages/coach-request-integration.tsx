import { lazy, Suspense, useState, type ReactNode } from 'react';
import { withQueryClient } from '@/lib/data/with-query-client';
import { CoachHostProvider } from '@/features/coach/components/coach-host';

// Loaded the first time the coach asks for it: the dialog (Radix, the request form, zod, TanStack Query's mutation) is
// no part of a visit.
const RequestIntegrationDialog = lazy(
  withQueryClient(() =>
    import('@/features/connect-anything/components/request-integration-dialog').then((m) => m.RequestIntegrationDialog),
  ),
);

/** Lets the coach's "not in the catalogue" card open the Request Integration dialog (composed here, in pages). */
export function CoachRequestIntegration({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<{ open: boolean; name: string; n: number }>({ open: false, name: '', n: 0 });
  return (
    <CoachHostProvider value={{ requestIntegration: (name) => setRequest((r) => ({ open: true, name, n: r.n + 1 })) }}>
      {children}
      {request.n > 0 && (
        <Suspense fallback={null}>
          <RequestIntegrationDialog
            key={request.n}
            open={request.open}
            serviceName={request.name}
            onOpenChange={(open) => setRequest((r) => ({ ...r, open }))}
          />
        </Suspense>
      )}
    </CoachHostProvider>
  );
}
