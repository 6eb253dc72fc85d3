import type { CrmStageKind } from '@app/shared/crm';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { throwIfError } from './errors';
import { crmKeys } from './keys';

/** Stage changes (rename, reorder, add, delete); the board and everything naming stages refresh after each. */
function useStageChange<V>(fn: (v: V) => Promise<void>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: crmKeys.all }) });
}

export const useRenameStage = () =>
  useStageChange(async ({ id, name }: { id: string; name: string }) =>
    throwIfError((await supabase().from('crm_stages').update({ name }).eq('id', id)).error),
  );

export const useReorderStages = () =>
  useStageChange(async (ids: string[]) => throwIfError((await supabase().rpc('crm_reorder_stages', { p_stage_ids: ids })).error));

export const useAddStage = () =>
  useStageChange(async ({ name, kind }: { name: string; kind: CrmStageKind }) =>
    throwIfError((await supabase().from('crm_stages').insert({ name, kind })).error),
  );

export const useDeleteStage = () =>
  useStageChange(async ({ id, moveTo }: { id: string; moveTo?: string }) =>
    throwIfError((await supabase().rpc('crm_delete_stage', { p_stage: id, ...(moveTo && { p_move_to: moveTo }) })).error),
  );
