import { Plus, X } from 'lucide-react';
import { useContext } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { connectionsMessages } from '@/lib/messages/connections';
import { emptyMapping, type MappingRow } from '../lib/draft';
import { Field, FormErrors } from './form-field';

const f = connectionsMessages.form;

function Row({
  base,
  index,
  row,
  onChange,
  onRemove,
}: {
  base: string;
  index: number;
  row: MappingRow;
  onChange(patch: Partial<MappingRow>): void;
  onRemove(): void;
}) {
  const field = `${base}.${index}.field`;
  const template = `${base}.${index}.template`;
  return (
    <li className="grid grid-cols-[12rem_1fr_auto] items-start gap-2">
      <Field field={field} label={`${f.mappingField} ${index + 1}`}>
        {(p) => <Input {...p} placeholder="order_id" value={row.field} onChange={(e) => onChange({ field: e.target.value })} />}
      </Field>
      <Field field={template} label={`${f.mappingTemplate} ${index + 1}`}>
        {(p) => (
          <Input
            {...p}
            placeholder="{{order.id}}"
            spellCheck={false}
            value={row.template}
            onChange={(e) => onChange({ template: e.target.value })}
          />
        )}
      </Field>
      <Button type="button" size="icon" variant="ghost" className="mt-6" aria-label={f.removeField(index + 1)} onClick={onRemove}>
        <X aria-hidden />
      </Button>
    </li>
  );
}

/** A webhook step's optional field mapping: each field of the body it sends, from a template. */
export function FieldMapping({ step, rows, onChange }: { step: number; rows: MappingRow[]; onChange(rows: MappingRow[]): void }) {
  const base = `steps.${step}.mapping`;
  const whole = useContext(FormErrors).errors[base];
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium">{f.mapping}</p>
      <p className="text-xs text-muted-foreground">{f.mappingHint}</p>
      {rows.length > 0 && (
        <ul className="space-y-2">
          {rows.map((row, j) => (
            <Row
              key={row.key}
              base={base}
              index={j}
              row={row}
              onChange={(patch) => onChange(rows.map((r, k) => (k === j ? { ...r, ...patch } : r)))}
              onRemove={() => onChange(rows.filter((_, k) => k !== j))}
            />
          ))}
        </ul>
      )}
      {whole && <p className="text-sm text-destructive">{whole}</p>}
      <Button type="button" size="sm" variant="outline" onClick={() => onChange([...rows, emptyMapping()])}>
        <Plus aria-hidden /> {f.addField}
      </Button>
    </div>
  );
}
