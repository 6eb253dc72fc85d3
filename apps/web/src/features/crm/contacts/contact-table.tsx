import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { crmMessages } from '@/lib/messages/crm';
import type { ContactRow } from '../api/contacts';
import { formatWhen } from '../lib/format';
import { TagList } from '../shared/tag-list';

const m = crmMessages.contacts;
// tags and last activity give way first on a narrow dashboard (1024 px leaves ~720 px for the list); max-xl:hidden
// rather than hidden + xl:table-cell, which the coach's stylesheet (its own later .hidden) would override
const wide = 'max-xl:hidden';

/** The contact list: the name opens the contact; edit and delete on each row. */
export function ContactTable({
  rows,
  onOpen,
  onEdit,
  onDelete,
}: {
  rows: ContactRow[];
  onOpen: (id: string) => void;
  onEdit: (row: ContactRow) => void;
  onDelete: (row: ContactRow) => void;
}) {
  const th = 'px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-muted-foreground';
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">{m.listLabel}</caption>
        <thead className="bg-muted/40">
          <tr>
            <th scope="col" className={`${th} w-[24%]`}>
              {m.columns.name}
            </th>
            <th scope="col" className={`${th} w-[26%]`}>
              {m.columns.email}
            </th>
            <th scope="col" className={`${th} w-[20%]`}>
              {m.columns.company}
            </th>
            <th scope="col" className={`${th} ${wide}`}>
              {m.columns.tags}
            </th>
            <th scope="col" className={`${th} ${wide} w-[14%]`}>
              {m.columns.activity}
            </th>
            <th scope="col" className={`${th} w-24 text-right`}>
              <span className="sr-only">{m.columns.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.id} className="border-t hover:bg-muted/20">
              <td className="truncate px-3 py-2">
                <button
                  type="button"
                  className="max-w-full cursor-pointer truncate text-left font-medium hover:underline"
                  onClick={() => onOpen(c.id)}
                >
                  {c.name}
                </button>
              </td>
              <td className="truncate px-3 py-2 text-muted-foreground">{c.email}</td>
              <td className="truncate px-3 py-2">{c.company_name}</td>
              <td className={`${wide} px-3 py-2`}>
                <TagList tags={c.tags} max={3} />
              </td>
              <td className={`${wide} truncate px-3 py-2 text-muted-foreground`}>
                {c.last_activity_at ? formatWhen(c.last_activity_at) : m.never}
              </td>
              <td className="px-3 py-1.5 text-right">
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="size-8"
                  aria-label={m.editLabel(c.name)}
                  onClick={() => onEdit(c)}
                >
                  <Pencil aria-hidden />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="size-8 text-destructive"
                  aria-label={m.deleteLabel(c.name)}
                  onClick={() => onDelete(c)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
