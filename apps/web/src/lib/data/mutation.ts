import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';

/** What a screen adds to a mutation (toasts, resetting a form); the api hook owns the call and what it refreshes. */
export type MutationCallbacks<T, V> = Pick<UseMutationOptions<T, Error, V>, 'onSuccess' | 'onError'>;

/** A mutation that, once it succeeds, marks the given queries stale (and so refetches the ones on screen). */
export function useWriteMutation<T, V>(mutationFn: (v: V) => Promise<T>, refreshes: readonly QueryKey[], cb: MutationCallbacks<T, V> = {}) {
  const qc = useQueryClient();
  return useMutation({
    ...cb,
    mutationFn,
    onSuccess: (...args) => {
      for (const queryKey of refreshes) void qc.invalidateQueries({ queryKey });
      return cb.onSuccess?.(...args);
    },
  });
}
