// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_GATE_SCRIPT } from '@app/shared/consent-gate';
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

describe('the consent gate in the head', () => {
  const gate = () => {
    delete document.documentElement.dataset.consent;
    // The script as the page runs it: the same text the CSP hash admits.
    new Function(CONSENT_GATE_SCRIPT)();
    return document.documentElement.dataset.consent === 'current';
  };
  const accepted = JSON.stringify(buildRecord({ performance: false, functional: true, targeting: false }));
  const cases: [string, string | null, string | null][] = [
    ['nothing stored', null, null],
    ['a current decision', accepted, '1'],
    ['a decision under an older policy', accepted, '0'],
    ['a decision without a version', accepted, null],
    ['not accepted', JSON.stringify({ ...DEFAULT_CONSENT }), '1'],
    ['accepted as a string', '{"performance":false,"functional":false,"targeting":false,"accepted":"true"}', '1'],
    ['a field of the wrong type', '{"performance":"yes","functional":false,"targeting":false,"accepted":true}', '1'],
    ['a field missing', '{"functional":false,"targeting":false,"accepted":true}', '1'],
    ['unreadable JSON', '{oops', '1'],
    ['null', 'null', '1'],
  ];

  it.each(cases)('agrees with the app on %s', (_name, record, version) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    if (record !== null) localStorage.setItem(CONSENT_KEY, record);
    if (version !== null) localStorage.setItem(CONSENT_VERSION_KEY, version);
    const hidden = gate();
    expect(hidden).toBe(isDecisionCurrent(readConsent()));
  });

  it('does nothing when storage throws (blocked storage)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(gate()).toBe(false);
  });
});
