/** A contact's tags as small chips; past `max`, a "+n" says how many more. */
export function TagList({ tags, max = Infinity }: { tags: string[]; max?: number }) {
  if (!tags.length) return null;
  const shown = tags.slice(0, max);
  return (
    <ul className="flex flex-wrap gap-1">
      {shown.map((t) => (
        <li key={t} className="rounded-full bg-secondary px-2 py-0.5 text-xs">
          {t}
        </li>
      ))}
      {tags.length > shown.length && <li className="px-1 text-xs text-muted-foreground">+{tags.length - shown.length}</li>}
    </ul>
  );
}
