import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` (typing in a search box asks the server once per pause). */
export function useDebounced<T>(value: T, ms = 200): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
