import { queryOptions, useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { coachKeys } from '../lib/query-keys';
import { deleteConversation, listConversations, loadConversationMessages, renameConversation } from './conversations';
import { loadUsageHistory } from './usage-history';

export const conversationsQuery = () => queryOptions({ queryKey: coachKeys.conversations, queryFn: listConversations });
/** Always fresh and never kept: a resumed conversation must show what the server has now. */
export const conversationQuery = (id: string) =>
  queryOptions({ queryKey: coachKeys.conversation(id), queryFn: () => loadConversationMessages(id), staleTime: 0, gcTime: 0 });
export const usageHistoryQuery = () => queryOptions({ queryKey: coachKeys.usageHistory, queryFn: () => loadUsageHistory(20) });

type Callbacks<T, V> = Pick<UseMutationOptions<T, Error, V>, 'onSuccess' | 'onError'>;

export function useRenameConversation(cb: Callbacks<void, { id: string; title: string }> = {}) {
  const qc = useQueryClient();
  return useMutation({
    ...cb,
    mutationFn: ({ id, title }) => renameConversation(id, title),
    onSuccess: (...args) => {
      void qc.invalidateQueries({ queryKey: coachKeys.conversations });
      return cb.onSuccess?.(...args);
    },
  });
}

export function useDeleteConversation(cb: Callbacks<void, string> = {}) {
  const qc = useQueryClient();
  return useMutation({
    ...cb,
    mutationFn: deleteConversation,
    onSuccess: (...args) => {
      void qc.invalidateQueries({ queryKey: coachKeys.conversations });
      return cb.onSuccess?.(...args);
    },
  });
}
