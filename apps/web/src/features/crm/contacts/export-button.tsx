import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { crmMessages } from '@/lib/messages/crm';
import { toast } from '@/lib/toast';
import { exportContacts } from '../api/import-export';
import type { ContactQuery } from '../lib/filters';

const m = crmMessages.contacts;

/** Saves the list as it is filtered and sorted now as a CSV file. */
export function ExportButton({ query }: { query: ContactQuery }) {
  const run = useMutation({
    mutationFn: exportContacts,
    onSuccess: (file) => void toast.success(m.exported(file)),
    onError: () => void toast.error(m.exportFailed),
  });
  return (
    <Button type="button" variant="outline" disabled={run.isPending} onClick={() => run.mutate(query)}>
      <Download aria-hidden /> {run.isPending ? m.exporting : m.export}
    </Button>
  );
}
