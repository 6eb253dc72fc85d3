import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { COMPARE_MAX_TOOLS, INTEGRATION_CATEGORIES, type Integration } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { messages } from '@/lib/messages';
import { firstToolsQuery } from '../api/queries';
import { withTool } from '../lib/comparison';
import { formatUsers } from './integration-card';
import { CategoryIcon } from '@/components/category-icon';

const CHOICES = 8;

/**
 * Compare Tools: the first 8 tools to pick from; the selection is the page's (a Marketplace card's "Compare" adds to
 * it too, so a tool beyond the first 8 can be in the table).
 */
export function CompareTab({ chosen, onChange }: { chosen: Integration[]; onChange(next: Integration[]): void }) {
  const tools = useQuery(firstToolsQuery(CHOICES));
  const selected = chosen.map((t) => t.id);
  const full = selected.length >= COMPARE_MAX_TOOLS;
  const remove = (id: string) => onChange(chosen.filter((t) => t.id !== id));

  if (tools.isPending) return <Spinner className="size-6 text-primary" label="Loading tools" />;
  const rows: { label: string; value: (t: Integration) => React.ReactNode }[] = [
    { label: 'Category', value: (t) => INTEGRATION_CATEGORIES[t.category] },
    { label: 'Rating', value: (t) => `${t.rating.toFixed(1)} / 5` },
    { label: 'Users', value: (t) => formatUsers(t.connections) },
    { label: 'Popular', value: (t) => (t.popular ? 'Yes' : 'No') },
    {
      label: 'Key actions',
      value: (t) => (
        <ul className="space-y-0.5">
          {t.actions.slice(0, 3).map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      ),
    },
  ];

  return (
    <section aria-label="Compare Tools" className="space-y-5">
      <div>
        <h2 className="text-xl font-semibold">Pick up to {COMPARE_MAX_TOOLS} tools to compare</h2>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {selected.length} of {COMPARE_MAX_TOOLS} selected{full ? `. ${messages.connectAnything.compareFull}.` : ''}
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {tools.data?.map((t) => {
          const isIn = selected.includes(t.id);
          return (
            <li key={t.id}>
              <Button
                variant={isIn ? 'default' : 'outline'}
                className="h-auto w-full justify-start py-2.5"
                aria-pressed={isIn}
                disabled={!isIn && full}
                onClick={() => (isIn ? remove(t.id) : onChange(withTool(chosen, t)))}
              >
                <CategoryIcon category={t.category} className="size-4" />
                <span className="truncate">{t.name}</span>
              </Button>
            </li>
          );
        })}
      </ul>

      {chosen.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full min-w-[32rem] text-sm">
            <caption className="sr-only">Comparison of the selected tools</caption>
            <thead>
              <tr className="border-b bg-secondary/40">
                <th scope="col" className="w-32 p-3 text-left font-medium text-muted-foreground">
                  Tool
                </th>
                {chosen.map((t) => (
                  <th key={t.id} scope="col" className="p-3 text-left">
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-semibold">
                        <CategoryIcon category={t.category} className="mr-1.5 inline size-4" />
                        {t.name}
                      </span>
                      <Button size="icon" variant="ghost" className="size-7" aria-label={`Remove ${t.name}`} onClick={() => remove(t.id)}>
                        <X aria-hidden />
                      </Button>
                    </div>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.label} className="border-b last:border-0">
                  <th scope="row" className="p-3 text-left font-medium text-muted-foreground">
                    {r.label}
                  </th>
                  {chosen.map((t) => (
                    <td key={t.id} className="p-3 align-top">
                      {r.value(t)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="flex justify-end border-t p-3">
            <Button variant="ghost" size="sm" onClick={() => onChange([])}>
              Clear comparison
            </Button>
          </div>
        </div>
      ) : (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          Select tools above to see them side by side.
        </p>
      )}
    </section>
  );
}
