// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildRecord,
  CONSENT_KEY,
  CONSENT_VERSION_KEY,
  consentId,
  DEFAULT_CONSENT,
  isDecisionCurrent,
  parseConsent,
  readConsent,
  writeConsent,
} from './consent-storage';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('consent storage', () => {
  it('defaults to necessary only, not accepted', () => {
    expect(readConsent()).toEqual({ necessary: true, performance: false, functional: false, targeting: false, accepted: false });
  });

  it('writes exactly the specified record and the policy version beside it', () => {
    writeConsent(buildRecord({ performance: true, functional: false, targeting: true }));
    expect(JSON.parse(localStorage.getItem(CONSENT_KEY)!)).toEqual({
      necessary: true,
      performance: true,
      functional: false,
      targeting: true,
      accepted: true,
    });
    expect(localStorage.getItem(CONSENT_VERSION_KEY)).toBe('1');
    expect(isDecisionCurrent(readConsent())).toBe(true);
  });

  it('removes an unreadable record and warns (not an error)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    localStorage.setItem(CONSENT_KEY, '{oops');
    expect(readConsent()).toEqual(DEFAULT_CONSENT);
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    expect(error).not.toHaveBeenCalled();
  });

  it('rejects records of the wrong shape, and never lets necessary be off', () => {
    expect(parseConsent('{"performance":"yes","functional":true,"targeting":true,"accepted":true}')).toBeNull();
    expect(parseConsent('null')).toBeNull();
    expect(parseConsent('{"necessary":false,"performance":false,"functional":true,"targeting":false,"accepted":true}')?.necessary).toBe(
      true,
    );
  });

  it('an older policy version is not a current decision', () => {
    writeConsent(buildRecord({ performance: true, functional: true, targeting: true }));
    localStorage.setItem(CONSENT_VERSION_KEY, '0');
    expect(isDecisionCurrent(readConsent())).toBe(false);
  });

  it('keeps one pseudonymous id per browser', () => {
    const id = consentId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(consentId()).toBe(id);
  });

  it('replaces a stored id the database would refuse (not a random v4 UUID)', () => {
    localStorage.setItem('cookie-consent-id', '00000000-0000-0000-0000-000000000000');
    const id = consentId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(localStorage.getItem('cookie-consent-id')).toBe(id);
  });
});
