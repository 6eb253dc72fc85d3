import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { crmMessages } from '@/lib/messages/crm';
import { cn } from '@/lib/utils';
import { pickerQuery } from '../api/contacts';
import { useDebounced } from './use-debounced';

const m = crmMessages.picker;

export interface PickedContact {
  id: string;
  name: string;
  company_id: string | null;
}

/**
 * A contact chosen by typing part of a name, e-mail or company (WAI-ARIA combobox with a list: arrows move,
 * Enter chooses, Escape closes). Once chosen it shows as a chip that can be removed.
 */
export function ContactPicker({
  id,
  value,
  onChange,
}: {
  id: string;
  value: PickedContact | null;
  onChange: (c: PickedContact | null) => void;
}) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDebounced(text.trim(), 150);
  const results = useQuery({ ...pickerQuery(query), enabled: open, placeholderData: keepPreviousData });
  const list = results.data ?? [];
  const listId = `${id}-list`;

  if (value) {
    return (
      <div className="flex h-10 items-center justify-between rounded-md border border-input bg-background px-3 text-sm">
        <span id={id} className="truncate">
          {value.name}
        </span>
        <button
          type="button"
          aria-label={m.clear(value.name)}
          className="rounded-sm p-1 text-muted-foreground hover:text-foreground"
          onClick={() => onChange(null)}
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    );
  }
  const choose = (i: number) => {
    const c = list[i];
    if (!c) return;
    onChange({ id: c.id, name: c.name, company_id: c.company_id });
    setText('');
    setOpen(false);
  };
  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && list[active] ? `${listId}-${active}` : undefined}
        placeholder={m.search}
        autoComplete="off"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
            const step = e.key === 'ArrowDown' ? 1 : -1;
            setActive((a) => (list.length ? (a + step + list.length) % list.length : 0));
          } else if (e.key === 'Enter' && open) {
            e.preventDefault();
            choose(active);
          } else if (e.key === 'Escape' && open) {
            e.preventDefault();
            setOpen(false);
          }
        }}
      />
      <div hidden={!open} className="absolute z-50 mt-1 w-full rounded-md border bg-popover p-1 text-sm shadow-md">
        <ul id={listId} role="listbox" aria-label={m.results} className="max-h-64 overflow-y-auto">
          {list.map((c, i) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox's input handles the keys (aria-activedescendant)
            <li
              key={c.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={cn('cursor-pointer rounded-sm px-2 py-1.5', i === active && 'bg-secondary')}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(i)}
            >
              {c.name}
              {(c.email || c.company_name) && (
                <span className="text-muted-foreground"> · {[c.company_name, c.email].filter(Boolean).join(' · ')}</span>
              )}
            </li>
          ))}
        </ul>
        {list.length === 0 && results.isSuccess && <p className="px-2 py-1.5 text-muted-foreground">{m.noResults}</p>}
      </div>
    </div>
  );
}
