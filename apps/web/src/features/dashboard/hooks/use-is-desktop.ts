import { useEffect, useState } from 'react';

/** docs/product.md#dashboard: the dashboard needs at least 1024 px; re-evaluated on every resize. */
export const DESKTOP_MIN_WIDTH = 1024;

export function useIsDesktop(): boolean {
  const [desktop, setDesktop] = useState(() => window.innerWidth >= DESKTOP_MIN_WIDTH);
  useEffect(() => {
    const update = () => setDesktop(window.innerWidth >= DESKTOP_MIN_WIDTH);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return desktop;
}
