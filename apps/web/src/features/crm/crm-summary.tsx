import { useQuery } from '@tanstack/react-query';
import { crmMessages } from '@/lib/messages/crm';
import { summaryQuery } from './api/summary';
import { formatMoney } from './lib/format';

const m = crmMessages.summary;

/** The CRM in four numbers (crm_summary): contacts, open deals and their value, won this month, overdue tasks. */
export function CrmSummary() {
  const s = useQuery(summaryQuery()).data;
  const items = [
    { label: m.contacts, value: s?.contacts, note: undefined },
    { label: m.openDeals, value: s?.open_deals, note: s && m.openValue(formatMoney(s.open_value, s.currency)) },
    { label: m.wonThisMonth, value: s?.won_this_month, note: undefined },
    { label: m.overdue, value: s?.overdue_tasks, note: undefined },
  ];
  return (
    <dl aria-label={m.label} className="grid grid-cols-4 gap-3" data-testid="crm-summary">
      {items.map((i) => (
        <div key={i.label} className="rounded-xl border bg-card px-4 py-3">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{i.label}</dt>
          <dd className="mt-1 flex items-baseline gap-2">
            <span className="font-figures text-2xl font-bold">{i.value === undefined ? '–' : i.value.toLocaleString('en-GB')}</span>
            {i.note && <span className="truncate text-xs text-muted-foreground">{i.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
