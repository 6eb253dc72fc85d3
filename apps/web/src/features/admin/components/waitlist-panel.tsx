import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Download, Mail } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { downloadText, toCsv } from '../csv';
import { useInviteSubscribers, waitlistPageQuery } from '../api/queries';
import { fetchAllSubscribers, type Subscriber, type SubscriberColumn } from '../api/waitlist';
import { formatDate, PanelHeader, QueryState, SearchBox } from './shared';
import { Pager } from './pager';
import { WaitlistMailCounts } from './waitlist-mail-counts';

const PAGE_SIZE = 25;
const COLUMNS: { key: SubscriberColumn; label: string }[] = [
  { key: 'waitlist_position', label: 'Position' },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'status', label: 'Status' },
  { key: 'source', label: 'Source' },
  { key: 'created_at', label: 'Joined' },
];

/** The waitlist: search, sort, paginate, export CSV and invite the selected subscribers. */
export function WaitlistPanel() {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [sort, setSort] = useState<{ key: SubscriberColumn; ascending: boolean }>({ key: 'waitlist_position', ascending: true });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [exporting, setExporting] = useState(false);

  const query = useQuery(
    waitlistPageQuery({ search: deferredSearch, sort: sort.key, ascending: sort.ascending, page, pageSize: PAGE_SIZE }),
  );
  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const invite = useInviteSubscribers({
    onSuccess: (r) => {
      const invited = r.results.filter((x) => x.outcome === 'invited').length;
      const registered = r.results.filter((x) => x.outcome === 'already_registered').length;
      const failed = r.results.filter((x) => x.outcome === 'failed');
      toast.success(`${invited} invitation${invited === 1 ? '' : 's'} sent${registered ? `, ${registered} already registered` : ''}`);
      if (failed.length) toast.error(`${failed.length} failed: ${failed.map((f) => `${f.email} (${f.message})`).join(', ')}`);
      setSelected(new Set());
    },
    onError: (e) => void toast.error(e.message),
  });

  function toggleSort(key: SubscriberColumn) {
    setSort((s) => (s.key === key ? { key, ascending: !s.ascending } : { key, ascending: true }));
    setPage(1);
  }
  function toggle(id: string, on: boolean) {
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  async function exportCsv() {
    setExporting(true);
    try {
      const all = await fetchAllSubscribers(deferredSearch, sort.key, sort.ascending);
      const csv = toCsv(
        COLUMNS.map((c) => c.label),
        all.map((s: Subscriber) => [s.waitlist_position, s.name, s.email, s.status, s.source, s.created_at]),
      );
      downloadText(`waitlist-${new Date().toISOString().slice(0, 10)}.csv`, csv);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Export failed');
    } finally {
      setExporting(false);
    }
  }

  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  return (
    <section className="flex flex-col gap-4" aria-labelledby="waitlist-panel-title">
      <PanelHeader
        id="waitlist-panel-title"
        title="Waitlist"
        description={`${total} subscriber${total === 1 ? '' : 's'}${search ? ' match' : ''}`}
      >
        <Button variant="outline" onClick={exportCsv} disabled={exporting || total === 0}>
          <Download aria-hidden="true" />
          Export CSV
        </Button>
        <Button variant="gradient" onClick={() => invite.mutate([...selected])} disabled={selected.size === 0 || invite.isPending}>
          <Mail aria-hidden="true" />
          Invite selected ({selected.size})
        </Button>
      </PanelHeader>
      <WaitlistMailCounts />
      <SearchBox
        label="Search by name or email"
        value={search}
        onChange={(v) => {
          setSearch(v);
          setPage(1);
        }}
      />
      <QueryState isLoading={query.isLoading} error={query.error}>
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full min-w-[760px] text-left text-sm">
            <thead className="bg-secondary/60 text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className="w-10 px-3 py-3">
                  <Checkbox
                    aria-label="Select all on this page"
                    checked={allOnPage}
                    onCheckedChange={(v) => rows.forEach((r) => toggle(r.id, v === true))}
                  />
                </th>
                {COLUMNS.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    className="px-3 py-2"
                    aria-sort={sort.key === c.key ? (sort.ascending ? 'ascending' : 'descending') : 'none'}
                  >
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 font-semibold uppercase hover:text-foreground"
                      onClick={() => toggleSort(c.key)}
                    >
                      {c.label}
                      {sort.key === c.key &&
                        (sort.ascending ? (
                          <ArrowUp className="size-3" aria-hidden="true" />
                        ) : (
                          <ArrowDown className="size-3" aria-hidden="true" />
                        ))}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={7} className="px-3 py-10 text-center text-muted-foreground">
                    No subscribers found
                  </td>
                </tr>
              )}
              {rows.map((s) => (
                <tr key={s.id} className="border-t hover:bg-secondary/30">
                  <td className="px-3 py-2">
                    <Checkbox
                      aria-label={`Select ${s.email}`}
                      checked={selected.has(s.id)}
                      onCheckedChange={(v) => toggle(s.id, v === true)}
                    />
                  </td>
                  <td className="px-3 py-2 font-semibold tabular-nums">#{s.waitlist_position}</td>
                  <td className="px-3 py-2">{s.name}</td>
                  <td className="px-3 py-2 break-all">{s.email}</td>
                  <td className="px-3 py-2">
                    <Badge
                      variant={s.status === 'waiting' ? 'secondary' : 'outline'}
                      className={s.status === 'invited' ? 'border-transparent bg-emerald-700 text-white' : undefined}
                    >
                      {s.status}
                    </Badge>
                  </td>
                  <td className="px-3 py-2 text-muted-foreground">{s.source}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">{formatDate(s.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager label="Waitlist pages" page={page} pages={pages} onPage={setPage} />
      </QueryState>
    </section>
  );
}
