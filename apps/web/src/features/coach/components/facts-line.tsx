import { useId, useState } from 'react';
import type { CoachDataParts } from '@app/shared';
import { coachMessages } from '@/lib/messages/coach';
import { cn } from '@/lib/utils';

/**
 * A reply's "Used: …" line (issue 44): the facts the reply used, the others the coach had behind "more". Before the
 * reply finished (or for a reply stored before `used` existed) none count as used, so all wait behind the button.
 */
export function FactsLine({ facts }: { facts: CoachDataParts['facts'] }) {
  const [open, setOpen] = useState(false);
  const restId = useId();
  const used = facts.used ?? [];
  const rest = facts.labels.filter((l) => !used.includes(l));
  if (!facts.labels.length) return null;
  return (
    <p data-testid="coach-facts" className="mb-1 text-xs text-muted-foreground">
      {used.length > 0 && <span data-testid="coach-facts-used">{coachMessages.factsUsed(used)}</span>}
      {rest.length > 0 && (
        <>
          <span id={restId} data-testid="coach-facts-rest" hidden={!open} className={cn(used.length > 0 && 'ml-1')}>
            {coachMessages.factsAlsoKnown(rest)}
          </span>
          <button
            type="button"
            className={cn('cursor-pointer underline underline-offset-2 hover:text-foreground', (used.length > 0 || open) && 'ml-1')}
            aria-expanded={open}
            aria-controls={restId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? coachMessages.factsLess : used.length ? coachMessages.factsMore(rest.length) : coachMessages.factsKnown(rest.length)}
          </button>
        </>
      )}
    </p>
  );
}
