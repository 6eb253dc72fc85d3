import { useCallback } from 'react';

/**
 * A ref for a controlled text field of a prerendered form. What the visitor types before the page's JavaScript has
 * run stays in the field (React does not overwrite a field's value while hydrating) but not in React's state, so the
 * form would send an empty value: on mount the field's own value, when there is one, becomes the state (issue 15).
 * On a page rendered on the client the field already shows the state, and nothing changes.
 */
export function useTypedBeforeHydration(set: (value: string) => void) {
  return useCallback(
    (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      if (el?.value) set(el.value);
    },
    [set],
  );
}
