import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { applyMove } from '../lib/board-moves';
import { boardSchema, dealCardSchema, type Board } from './board-schema';
import { throwIfError } from './errors';
import { crmKeys } from './keys';

/** Deals shown per stage on the first load; "show more" pages on with crm_stage_deals. */
export const DEALS_PER_STAGE = 50;

/** The board: every stage in order with its count, total and first deals (makes the default pipeline on first use). */
export const boardQuery = () =>
  queryOptions({
    queryKey: crmKeys.board(),
    queryFn: async (): Promise<Board> => {
      const r = await supabase().rpc('crm_board', { p_per_stage: DEALS_PER_STAGE });
      throwIfError(r.error);
      return boardSchema.parse(r.data);
    },
  });

/** The stages' names and kinds in order, for filters and forms (read-only: the board's call also creates). */
export const stagesQuery = () =>
  queryOptions({
    queryKey: crmKeys.stages(),
    queryFn: async () => {
      const r = await supabase().from('crm_stages').select('id, name, kind, position').order('position');
      throwIfError(r.error);
      return r.data ?? [];
    },
  });

/** A stage's next deals after the last one shown, appended to that column. */
export function useShowMoreDeals() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ stageId, afterPosition }: { stageId: string; afterPosition: number }) => {
      const r = await supabase().rpc('crm_stage_deals', { p_stage: stageId, p_after_position: afterPosition, p_limit: DEALS_PER_STAGE });
      throwIfError(r.error);
      return { stageId, deals: z.array(dealCardSchema).parse(r.data ?? []) };
    },
    onSuccess: ({ stageId, deals }) =>
      qc.setQueryData(
        crmKeys.board(),
        (b: Board | undefined) =>
          b && {
            ...b,
            stages: b.stages.map((s) =>
              s.id === stageId ? { ...s, deals: [...s.deals, ...deals.filter((d) => !s.deals.some((x) => x.id === d.id))] } : s,
            ),
          },
      ),
  });
}

/**
 * Moves a deal (crm_move_deal). The board changes at once (before any await, so a drop never flickers back);
 * a refusal puts back the board as it was and calls onFailed. The timeline and figures refresh after.
 */
export function useMoveDeal(onFailed: (e: unknown) => void) {
  const qc = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (v: { dealId: string; stageId: string; index: number; before: Board }) => {
      const r = await supabase().rpc('crm_move_deal', { p_deal: v.dealId, p_stage: v.stageId, p_position: v.index });
      throwIfError(r.error);
    },
    onError: (e, v) => {
      qc.setQueryData(crmKeys.board(), v.before);
      onFailed(e);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: crmKeys.all }),
  });
  return (dealId: string, stageId: string, index: number) => {
    const before = qc.getQueryData<Board>(crmKeys.board());
    if (!before) return;
    void qc.cancelQueries({ queryKey: crmKeys.board() });
    qc.setQueryData(crmKeys.board(), applyMove(before, dealId, stageId, index));
    mutation.mutate({ dealId, stageId, index, before });
  };
}
