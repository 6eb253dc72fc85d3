import { CRM_SORTS, type CrmSort } from '@app/shared/crm';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { crmMessages } from '@/lib/messages/crm';
import { stagesQuery } from '../api/board';
import { companiesQuery } from '../api/companies';
import type { FilterState } from '../lib/filters';
import { selectClass } from '../shared/form-field';

const m = crmMessages.contacts;

/** The list's filters (tags, source, company, deal stage) and its sort; every change applies at once. */
export function ContactFilters({
  filters,
  sort,
  onFilters,
  onSort,
}: {
  filters: FilterState;
  sort: CrmSort;
  onFilters: (f: FilterState) => void;
  onSort: (s: CrmSort) => void;
}) {
  const idp = useId();
  const companies = useQuery(companiesQuery());
  const stages = useQuery(stagesQuery());
  const set = (patch: Partial<FilterState>) => onFilters({ ...filters, ...patch });
  const cell = 'min-w-0 space-y-1';
  return (
    <fieldset className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <legend className="sr-only">{m.filtersLabel}</legend>
      <div className={cell}>
        <Label htmlFor={`${idp}-tags`}>{m.tag}</Label>
        <Input id={`${idp}-tags`} placeholder={m.tagPlaceholder} value={filters.tags} onChange={(e) => set({ tags: e.target.value })} />
      </div>
      <div className={cell}>
        <Label htmlFor={`${idp}-source`}>{m.source}</Label>
        <Input
          id={`${idp}-source`}
          placeholder={m.sourcePlaceholder}
          value={filters.source}
          onChange={(e) => set({ source: e.target.value })}
        />
      </div>
      <div className={cell}>
        <Label htmlFor={`${idp}-company`}>{m.company}</Label>
        <select
          id={`${idp}-company`}
          className={selectClass}
          value={filters.companyId}
          onChange={(e) => set({ companyId: e.target.value })}
        >
          <option value="">{m.any}</option>
          {(companies.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className={cell}>
        <Label htmlFor={`${idp}-stage`}>{m.stage}</Label>
        <select id={`${idp}-stage`} className={selectClass} value={filters.stageId} onChange={(e) => set({ stageId: e.target.value })}>
          <option value="">{m.any}</option>
          {(stages.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <div className={cell}>
        <Label htmlFor={`${idp}-sort`}>{m.sort}</Label>
        <select id={`${idp}-sort`} className={selectClass} value={sort} onChange={(e) => onSort(e.target.value as CrmSort)}>
          {CRM_SORTS.map((s) => (
            <option key={s} value={s}>
              {m.sorts[s]}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
