import { useState } from 'react';
import { useConsent } from '@/lib/consent/consent-context';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Switch } from '@/components/ui/switch';
import { publicMessages } from '@/lib/messages/public';
import { paths } from '@/lib/paths';
import type { ConsentChoices } from '../consent-storage';

const ROWS: { key: keyof ConsentChoices | 'necessary'; label: string; text: string }[] = [
  { key: 'necessary', label: 'Necessary', text: publicMessages.consent.necessary },
  { key: 'performance', label: 'Analytics', text: publicMessages.consent.analytics },
  { key: 'functional', label: 'Functional', text: publicMessages.consent.functional },
  { key: 'targeting', label: 'Marketing', text: publicMessages.consent.marketing },
];

/** The Cookie Preferences dialog (docs/product.md#cookie-consent): four toggles, Accept All and Save Preferences. */
export default function CookiePreferencesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { stored, acceptAll, save } = useConsent();
  const [choices, setChoices] = useState<ConsentChoices>({
    performance: stored.performance,
    functional: stored.functional,
    targeting: stored.targeting,
  });
  const [busy, setBusy] = useState(false);
  const run = (fn: () => Promise<void>) => {
    setBusy(true);
    void fn();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* The consent provider returns focus to where the person was; Radix would send it to the top of the page. */}
      <DialogContent aria-describedby="cookie-preferences-description" onCloseAutoFocus={(e) => e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{publicMessages.consent.title}</DialogTitle>
          <DialogDescription id="cookie-preferences-description">{publicMessages.consent.description}</DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col divide-y divide-border rounded-lg border">
          {ROWS.map((row) => {
            const id = `consent-${row.key}`;
            const locked = row.key === 'necessary';
            return (
              <li key={row.key} className="flex items-center justify-between gap-4 p-4">
                <div>
                  <label htmlFor={id} className="font-medium">
                    {row.label}
                  </label>
                  <p id={`${id}-text`} className="text-sm text-muted-foreground">
                    {row.text}
                  </p>
                </div>
                <Switch
                  id={id}
                  aria-describedby={`${id}-text`}
                  checked={locked ? true : choices[row.key as keyof ConsentChoices]}
                  disabled={locked || busy}
                  onCheckedChange={(v) => !locked && setChoices((c) => ({ ...c, [row.key]: v }))}
                />
              </li>
            );
          })}
        </ul>
        <p className="text-sm text-muted-foreground">
          We never sell your data. Read how we use it in our{' '}
          <a className="font-medium text-brand underline underline-offset-2" href={paths.privacy}>
            Privacy Policy
          </a>{' '}
          and the{' '}
          <a className="font-medium text-brand underline underline-offset-2" href={paths.cookiePolicy}>
            Cookie Policy
          </a>
          .
        </p>
        <DialogFooter>
          <Button variant="outline" disabled={busy} onClick={() => run(() => save(choices))}>
            Save Preferences
          </Button>
          <Button variant="gradient" disabled={busy} onClick={() => run(acceptAll)}>
            Accept All
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
