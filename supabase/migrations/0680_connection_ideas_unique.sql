-- Issue 44: the same connection idea could be saved again and again (a second click in the builder, the same
-- blueprint twice). One idea per user, from-tool, to-tool and wording, compared without case or surrounding spaces;
-- the wording is hashed so a 2,000-character idea stays well inside a btree entry. The copies already saved are
-- removed first (the oldest of each is kept), so the index can be built.
delete from public.connection_ideas d
using public.connection_ideas k
where d.user_id = k.user_id
  and lower(btrim(d.from_tool)) = lower(btrim(k.from_tool))
  and lower(btrim(d.to_tool)) = lower(btrim(k.to_tool))
  and md5(lower(btrim(d.idea))) = md5(lower(btrim(k.idea)))
  and (d.created_at, d.id) > (k.created_at, k.id);

create unique index if not exists connection_ideas_one_per_user on public.connection_ideas (
  user_id, lower(btrim(from_tool)), lower(btrim(to_tool)), md5(lower(btrim(idea)))
);
