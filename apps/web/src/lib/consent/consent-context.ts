import { createContext, useContext } from 'react';

/** docs/product.md#browser-storage: the cookie-consent record, exactly these fields. `performance` is shown as Analytics, `targeting` as Marketing. */
export interface ConsentRecord {
  necessary: boolean;
  performance: boolean;
  functional: boolean;
  targeting: boolean;
  accepted: boolean;
}
export type ConsentChoices = Pick<ConsentRecord, 'performance' | 'functional' | 'targeting'>;

export interface ConsentContextValue {
  /** What the visitor allowed under the current policy; only necessary until they decide. */
  consent: ConsentRecord;
  /** The stored choices (also from an older policy version), to pre-fill the preferences dialog. */
  stored: ConsentRecord;
  openPreferences: () => void;
  acceptAll: () => Promise<void>;
  save: (prefs: ConsentChoices) => Promise<void>;
}

/** Filled by features/consent's ConsentProvider (mounted by app/). */
export const ConsentContext = createContext<ConsentContextValue | null>(null);

export function useConsent(): ConsentContextValue {
  const ctx = useContext(ConsentContext);
  if (!ctx) throw new Error('useConsent must be used inside ConsentProvider');
  return ctx;
}
