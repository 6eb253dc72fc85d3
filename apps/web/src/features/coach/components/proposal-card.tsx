import { PLAN_EDIT_TOOL_NAMES, type CoachProposal, type PlanDiffLine } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Minus, PencilLine, Plus, ShieldQuestion, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { actionPlanKey, undoPlanChange } from '@/lib/action-plan';
import { coachMessages } from '@/lib/messages/coach';
import { connectionIdeasKey } from '@/lib/connection-ideas';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import type { ToolPartView } from './tool-card';

const m = coachMessages.proposal;

export interface ProposalPart extends ToolPartView {
  approval?: { id: string; approved?: boolean; reason?: string; descriptor?: CoachProposal };
}

const MARK = {
  added: { icon: Plus, className: 'text-emerald-600 dark:text-emerald-400', word: 'Add' },
  removed: { icon: Minus, className: 'text-destructive', word: 'Remove' },
  changed: { icon: PencilLine, className: 'text-amber-600 dark:text-amber-400', word: 'Change' },
} as const;

/** The change as a diff: what is added, removed and changed (each changed field as it was → as it will be). */
function Diff({ lines }: { lines: PlanDiffLine[] }) {
  return (
    <ul className="mt-2 space-y-1" aria-label="What will change" data-testid="proposal-diff">
      {lines.map((l, i) => {
        const { icon: Icon, className, word } = MARK[l.kind];
        return (
          <li key={i} className="flex items-start gap-1.5">
            <Icon aria-hidden className={cn('mt-0.5 size-3.5 shrink-0', className)} />
            <span>
              <span className="sr-only">{word} </span>
              <span className="text-muted-foreground">{l.what === 'idea' ? 'idea' : l.what}:</span> {l.label}
              {l.fields?.map((f) => (
                <span key={f.field} className="block text-xs text-muted-foreground">
                  {f.field}: <s>{f.before}</s> → <strong className="font-medium text-foreground">{f.after}</strong>
                </span>
              ))}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A write the coach proposes (AI SDK 6 tool approval): what it will change, Approve and Decline; then what came of
 * it. An approved plan edit, once applied, offers Undo in its toast.
 */
export function ProposalCard({ part, onAnswer }: { part: ProposalPart; onAnswer?: (id: string, approved: boolean) => void }) {
  const qc = useQueryClient();
  const answeredHere = useRef(false);
  const proposal = part.approval?.descriptor;
  const title = m.titles[part.name] ?? m.fallbackTitle;
  // (a connection idea, a connection or a CRM record is not a plan edit: no plan toast, no Undo)
  const isPlan = (PLAN_EDIT_TOOL_NAMES as readonly string[]).includes(part.name);
  const applied = part.state === 'output-available';
  const declined = part.state === 'output-denied' || (part.state === 'approval-responded' && part.approval?.approved === false);

  useEffect(() => {
    if (!applied || !answeredHere.current) return;
    answeredHere.current = false;
    void qc.invalidateQueries({ queryKey: isPlan ? actionPlanKey : connectionIdeasKey });
    if (!isPlan) return;
    toast.success(m.planChanged, {
      action: {
        label: m.undo,
        onClick: () =>
          void undoPlanChange()
            .then(() => toast.success(m.undone))
            .catch(() => toast.error(m.undoFailed))
            .finally(() => void qc.invalidateQueries({ queryKey: actionPlanKey })),
      },
    });
  }, [applied, isPlan, qc]);

  const answer = (approved: boolean) => {
    if (!part.approval || !onAnswer) return;
    answeredHere.current = approved;
    onAnswer(part.approval.id, approved);
  };
  const waiting = part.state === 'approval-requested';
  return (
    <section
      aria-label={title}
      data-testid="proposal-card"
      data-state={part.state}
      className={cn('my-2 rounded-lg border bg-background/60 p-3 text-sm', waiting && 'border-primary/60')}
    >
      <p className="flex items-center gap-2 font-medium">
        <ShieldQuestion aria-hidden className="size-4 shrink-0 text-primary" />
        {title}
      </p>
      {waiting && <p className="mt-1 text-xs text-muted-foreground">{m.intro}</p>}
      {proposal?.summary && <p className="mt-1">{proposal.summary}</p>}
      {proposal && proposal.diff.length > 0 && <Diff lines={proposal.diff} />}
      {part.name === 'writePlan' && waiting && <p className="mt-1 text-xs text-muted-foreground">{m.newPlanNote}</p>}
      {proposal?.error && <p className="mt-2 text-destructive">{m.cannotApply(proposal.error)}</p>}
      {waiting && (
        <div className="mt-3 flex gap-2">
          <Button type="button" size="sm" variant="gradient" disabled={!!proposal?.error || !onAnswer} onClick={() => answer(true)}>
            <Check aria-hidden /> {m.approve}
          </Button>
          <Button type="button" size="sm" variant="outline" disabled={!onAnswer} onClick={() => answer(false)}>
            <X aria-hidden /> {m.decline}
          </Button>
        </div>
      )}
      {part.state === 'approval-responded' && part.approval?.approved && <p className="mt-2 text-muted-foreground">{m.applying}</p>}
      {applied && (
        <p className="mt-2 flex items-center gap-1.5 font-medium">
          <Check aria-hidden className="size-4 text-emerald-500" /> {m.applied}
        </p>
      )}
      {declined && <p className="mt-2 text-muted-foreground">{m.declined}</p>}
    </section>
  );
}
