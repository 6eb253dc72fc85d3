import { createContext, useContext, type ReactNode } from 'react';

/** What the page around the coach offers it (features do not import each other; the page wires these). */
export interface CoachHost {
  /** Opens the Request Integration dialog for a service the catalogue does not have. */
  requestIntegration?: (serviceName: string) => void;
}

const Ctx = createContext<CoachHost>({});

export function CoachHostProvider({ value, children }: { value: CoachHost; children: ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export const useCoachHost = () => useContext(Ctx);
