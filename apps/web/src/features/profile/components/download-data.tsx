import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { messages } from '@/lib/messages';
import { toast } from '@/lib/toast';
import { DataExportError, downloadMyData } from '../api/profile';
import { Section } from './section';

const m = messages.dataExport;

function failureText(err: unknown): string {
  const status = err instanceof DataExportError ? err.status : 0;
  if (status === 429) return m.rateLimited;
  if (status === 401) return m.signedOut;
  return m.failed;
}

/** "Download my data" (issue 42): the customer's data as one zip, as UK GDPR's right to data portability expects. */
export function DownloadData() {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      await downloadMyData();
      toast.success(m.done);
    } catch (err) {
      toast.error(failureText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title={m.title} description={m.description}>
      <Button onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
        {busy ? m.busy : m.button}
      </Button>
    </Section>
  );
}
