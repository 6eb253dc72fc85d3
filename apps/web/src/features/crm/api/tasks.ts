import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { throwIfError } from './errors';
import { crmKeys } from './keys';

export interface CrmTask {
  id: string;
  title: string;
  due_date: string | null;
  done_at: string | null;
  contact_id: string | null;
  contact_name: string | null;
  deal_title: string | null;
}

/** Open (or done) tasks, of one contact or all: open ones by due date (undated last), done ones latest first. */
export const tasksQuery = (scope: { contactId?: string; done: boolean }) =>
  queryOptions({
    queryKey: crmKeys.tasks(scope),
    queryFn: async (): Promise<CrmTask[]> => {
      let q = supabase().from('crm_tasks').select('id, title, due_date, done_at, contact_id, crm_contacts(name), crm_deals(title)');
      if (scope.contactId) q = q.eq('contact_id', scope.contactId);
      q = scope.done
        ? q.not('done_at', 'is', null).order('done_at', { ascending: false })
        : q.is('done_at', null).order('due_date', { ascending: true, nullsFirst: false }).order('created_at');
      const r = await q.limit(200);
      throwIfError(r.error);
      return (r.data ?? []).map(({ crm_contacts, crm_deals, ...t }) => ({
        ...t,
        contact_name: crm_contacts?.name ?? null,
        deal_title: crm_deals?.title ?? null,
      }));
    },
  });

/** Open tasks due within a week or overdue (crm_due_tasks): beside the 90-day plan's due tasks. */
export const dueTasksQuery = () =>
  queryOptions({
    queryKey: crmKeys.dueTasks(),
    queryFn: async () => {
      const r = await supabase().rpc('crm_due_tasks', {});
      throwIfError(r.error);
      return r.data ?? [];
    },
  });

export function useAddTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (t: { title: string; dueDate: string | null; contactId: string | null }) =>
      throwIfError((await supabase().from('crm_tasks').insert({ title: t.title, due_date: t.dueDate, contact_id: t.contactId })).error),
    onSettled: () => qc.invalidateQueries({ queryKey: crmKeys.all }),
  });
}

/** Ticks a task off (done now) or reopens it. */
export function useTickTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, done }: { id: string; done: boolean }) =>
      throwIfError(
        (
          await supabase()
            .from('crm_tasks')
            .update({ done_at: done ? new Date().toISOString() : null })
            .eq('id', id)
        ).error,
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: crmKeys.all }),
  });
}

export function useDeleteTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => throwIfError((await supabase().from('crm_tasks').delete().eq('id', id)).error),
    onSettled: () => qc.invalidateQueries({ queryKey: crmKeys.all }),
  });
}
