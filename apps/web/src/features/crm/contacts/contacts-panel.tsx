import type { CrmSort } from '@app/shared/crm';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Plus, Search, SlidersHorizontal } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { crmMessages } from '@/lib/messages/crm';
import { contactsCountQuery, contactsQuery, type ContactRow } from '../api/contacts';
import { errorText } from '../api/errors';
import {
  fromViewSettings,
  hasFilters,
  NO_FILTERS,
  toContactFilters,
  toViewSettings,
  type ContactQuery,
  type FilterState,
} from '../lib/filters';
import { useDebounced } from '../shared/use-debounced';
import { ContactFilters } from './contact-filters';
import { ContactFormDialog } from './contact-form-dialog';
import { ContactTable } from './contact-table';
import { CustomFieldsDialog } from './custom-fields-dialog';
import { DeleteContactDialog } from './delete-contact-dialog';
import { ExportButton } from './export-button';
import { SavedViews } from './saved-views';

const m = crmMessages.contacts;

/**
 * The contact list (issue 43): instant search and filters through crm_search_contacts, keyset pages ("Load more"
 * asks for the rows after the last one, so page 100 costs what page 1 does), saved views, export, add, edit, delete.
 */
export function ContactsPanel({ onOpen }: { onOpen: (id: string) => void }) {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<FilterState>(NO_FILTERS);
  const [sort, setSort] = useState<CrmSort>('name');
  const [viewId, setViewId] = useState('');
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ContactRow | null>(null);
  const [fieldsOpen, setFieldsOpen] = useState(false);
  const query = useDebounced(search.trim(), 200);
  const q: ContactQuery = useMemo(() => ({ query, filters: toContactFilters(filters), sort }), [query, filters, sort]);
  const list = useInfiniteQuery({ ...contactsQuery(q), placeholderData: keepPreviousData });
  const total = useQuery({ ...contactsCountQuery(q), placeholderData: keepPreviousData });
  const rows = useMemo(() => list.data?.pages.flat() ?? [], [list.data]);
  const changed = () => setViewId('');
  const filtered = query !== '' || hasFilters(filters);

  return (
    <section aria-label={m.title} className="space-y-4">
      <div className="flex flex-wrap items-end gap-2">
        <div className="relative min-w-64 flex-1">
          <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            aria-label={m.search}
            placeholder={m.searchPlaceholder}
            className="pl-9"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              changed();
            }}
          />
        </div>
        <Button type="button" onClick={() => setEditing('new')}>
          <Plus aria-hidden /> {m.add}
        </Button>
        <ExportButton query={q} />
        <Button type="button" variant="outline" onClick={() => setFieldsOpen(true)}>
          <SlidersHorizontal aria-hidden /> {crmMessages.customFields.manage}
        </Button>
      </div>
      <ContactFilters
        filters={filters}
        sort={sort}
        onFilters={(f) => {
          setFilters(f);
          changed();
        }}
        onSort={(s) => {
          setSort(s);
          changed();
        }}
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <SavedViews
          current={viewId}
          settings={toViewSettings(search, filters, sort)}
          onApply={(id, saved) => {
            const v = fromViewSettings(saved);
            setSearch(v.query);
            setFilters(v.filters);
            setSort(v.sort);
            setViewId(id);
          }}
        />
        <div className="flex items-center gap-3">
          {filtered && (
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setSearch('');
                setFilters(NO_FILTERS);
                changed();
              }}
            >
              {m.clearFilters}
            </Button>
          )}
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="crm-contacts-total">
            {total.data !== undefined && (rows.length < total.data ? m.shown(rows.length, total.data) : m.total(total.data))}
          </p>
        </div>
      </div>

      {list.isPending ? (
        <Spinner className="size-5 text-primary" label={crmMessages.loading} />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(list.error)}
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{filtered ? m.noMatch : m.empty}</p>
      ) : (
        <ContactTable rows={rows} onOpen={onOpen} onEdit={(c) => setEditing(c.id)} onDelete={setDeleting} />
      )}
      {list.hasNextPage && (
        <div className="flex justify-center">
          <Button type="button" variant="outline" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? m.loadingMore : m.loadMore}
          </Button>
        </div>
      )}

      {editing && (
        <ContactFormDialog
          contactId={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={editing === 'new' ? onOpen : undefined}
        />
      )}
      {deleting && <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} />}
      {fieldsOpen && <CustomFieldsDialog onClose={() => setFieldsOpen(false)} />}
    </section>
  );
}
