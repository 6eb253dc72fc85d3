import { useState, type ReactNode } from 'react';
import { CoachHostProvider } from '@/features/coach/components/coach-host';
import { RequestIntegrationDialog } from '@/features/connect-anything/components/request-integration-dialog';

/** Lets the coach's "not in the catalogue" card open the Request Integration dialog (composed here, in pages). */
export function CoachRequestIntegration({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<{ open: boolean; name: string; n: number }>({ open: false, name: '', n: 0 });
  return (
    <CoachHostProvider value={{ requestIntegration: (name) => setRequest((r) => ({ open: true, name, n: r.n + 1 })) }}>
      {children}
      <RequestIntegrationDialog
        key={request.n}
        open={request.open}
        serviceName={request.name}
        onOpenChange={(open) => setRequest((r) => ({ ...r, open }))}
      />
    </CoachHostProvider>
  );
}
