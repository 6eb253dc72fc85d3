import { CalendarCheck, Lightbulb, Search, UserRound, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { INTEGRATION_CATEGORIES, plainPhaseName } from '@app/shared';
import { Button } from '@/components/ui/button';
import { coachMessages } from '@/lib/messages/coach';
import { readIdea, readPlan, readSearch } from '../lib/tool-output';
import { useCoachHost } from './coach-host';
import { CRM_TOOL_CARDS, CrmToolCard } from './crm-tool-card';
import { ProposalCard, type ProposalPart } from './proposal-card';

export interface ToolPartView {
  name: string;
  state: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
}

function Card({ icon, title, testId, children }: { icon: ReactNode; title: string; testId: string; children?: ReactNode }) {
  return (
    <div data-testid={testId} className="my-2 rounded-lg border bg-background/50 p-3 text-sm">
      <p className="flex items-center gap-2 font-medium">
        {icon}
        {title}
      </p>
      {children && <div className="mt-2">{children}</div>}
    </div>
  );
}

const ICON = 'size-4 shrink-0 text-primary';

function SearchCard({ part }: { part: ToolPartView }) {
  const host = useCoachHost();
  const q = (part.input as { query?: string } | undefined)?.query ?? '';
  if (part.state !== 'output-available')
    return <Card testId="tool-search" icon={<Search aria-hidden className={ICON} />} title={`Searching the catalogue for "${q}"...`} />;
  const s = readSearch(part.input, part.output);
  if (!s) return <Card testId="tool-search" icon={<Search aria-hidden className={ICON} />} title="Searched the catalogue" />;
  return (
    <Card testId="tool-search" icon={<Search aria-hidden className={ICON} />} title={`Searched the catalogue for "${s.query}"`}>
      {s.results.length > 0 && (
        <ul className="flex flex-wrap gap-1.5">
          {s.results.slice(0, 8).map((r) => (
            <li key={r.id ?? r.name} className="rounded-full bg-secondary px-2.5 py-0.5 text-xs">
              {r.name}
              {r.category && (
                <span className="text-muted-foreground">
                  {' '}
                  · {(INTEGRATION_CATEGORIES as Record<string, string>)[r.category] ?? r.category}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {s.suggestRequest && (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-muted-foreground">{coachMessages.notInCatalogue(s.query)}</p>
          {host.requestIntegration && (
            <Button size="sm" variant="outline" onClick={() => host.requestIntegration?.(s.query)}>
              {coachMessages.requestIntegration}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}

function IdeaCard({ part }: { part: ToolPartView }) {
  const idea = readIdea(part.input, part.output);
  const done = part.state === 'output-available';
  return (
    <Card
      testId="tool-idea"
      icon={<Lightbulb aria-hidden className={ICON} />}
      title={done ? coachMessages.ideaSaved : 'Saving a connection idea...'}
    >
      {idea && (
        <p>
          <span className="font-medium">{idea.from}</span> → <span className="font-medium">{idea.to}</span>
          {idea.idea && <span className="text-muted-foreground">: {idea.idea}</span>}
        </p>
      )}
    </Card>
  );
}

function PlanCard({ part }: { part: ToolPartView }) {
  const plan = readPlan(part.input);
  const done = part.state === 'output-available';
  return (
    <Card
      testId="tool-plan"
      icon={<CalendarCheck aria-hidden className={ICON} />}
      title={done ? coachMessages.planWritten : 'Writing your action plan...'}
    >
      {plan && (
        <>
          <p className="font-medium">{plan.title}</p>
          <ol className="mt-1 space-y-0.5 text-muted-foreground">
            {plan.phases.map((p, i) => (
              <li key={i}>
                Days {i * 30 + 1}-{(i + 1) * 30}: {plainPhaseName(p.name)} ({p.count} task{p.count === 1 ? '' : 's'})
              </li>
            ))}
          </ol>
        </>
      )}
    </Card>
  );
}

/**
 * A tool the coach used, as a readable card (the raw input and output are never shown). A write waits for the
 * customer's answer on its proposal card (`onAnswer`: the chat's addToolApprovalResponse).
 */
export function ToolCard({ part, onAnswer }: { part: ToolPartView; onAnswer?: (id: string, approved: boolean) => void }) {
  if ((part as ProposalPart).approval && part.state !== 'output-error') return <ProposalCard part={part} onAnswer={onAnswer} />;
  if (part.state === 'output-error') {
    return (
      <Card
        testId="tool-error"
        icon={<Wrench aria-hidden className="size-4 text-destructive" />}
        title={`A step failed (${part.name}). The coach carried on without it.`}
      />
    );
  }
  if (CRM_TOOL_CARDS.has(part.name)) return <CrmToolCard name={part.name} state={part.state} output={part.output} />;
  switch (part.name) {
    case 'searchCatalogue':
      return <SearchCard part={part} />;
    case 'saveConnectionIdea':
      return <IdeaCard part={part} />;
    case 'writeActionPlan':
      return <PlanCard part={part} />;
    case 'reviewPlan':
      return (
        <Card testId="tool-review-plan" icon={<CalendarCheck aria-hidden className={ICON} />} title={coachMessages.proposal.readPlan} />
      );
    case 'readBusinessProfile':
      return <Card testId="tool-profile" icon={<UserRound aria-hidden className={ICON} />} title="Read your business profile" />;
    default:
      return <Card testId="tool-other" icon={<Wrench aria-hidden className={ICON} />} title={`Used ${part.name}`} />;
  }
}
