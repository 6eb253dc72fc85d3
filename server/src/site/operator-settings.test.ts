import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { missingOperatorSettings, warnMissingOperatorSettings } from './operator-settings.js';

const ALL = {
  CONTACT_ADDRESS: 'Operator Ltd, 1 Quay Street, Bristol',
  CONTACT_EMAIL: 'hello@operator.example',
  CONTACT_PHONE: '+44 1632 960001',
  CONTACT_PHONE_2: '+44 1632 960002',
  BOOKING_URL: 'https://cal.operator.example/session',
  INTRO_VIDEO_URL: 'https://video.operator.example/embed/intro',
};

describe('operator settings', () => {
  it('have no defaults: an empty environment misses all six', () => {
    expect(missingOperatorSettings(loadConfig({}))).toEqual([
      'CONTACT_ADDRESS',
      'CONTACT_EMAIL',
      'CONTACT_PHONE',
      'CONTACT_PHONE_2',
      'BOOKING_URL',
      'INTRO_VIDEO_URL',
    ]);
    expect(missingOperatorSettings(loadConfig(ALL))).toEqual([]);
  });

  it('refuses a phone number or e-mail that is not one', () => {
    expect(() => loadConfig({ CONTACT_PHONE: 'call us' })).toThrow(/CONTACT_PHONE: must be a phone number/);
    expect(() => loadConfig({ CONTACT_PHONE_2: '+44 1632 <b>' })).toThrow(/CONTACT_PHONE_2/);
    expect(() => loadConfig({ CONTACT_EMAIL: 'not-an-address' })).toThrow(/CONTACT_EMAIL/);
  });

  it('in production, start-up warns once naming the missing ones', () => {
    const log = { warn: vi.fn() };
    warnMissingOperatorSettings(loadConfig({ ...ALL, NODE_ENV: 'production', CONTACT_PHONE_2: '', INTRO_VIDEO_URL: '' }), log);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      { missing: ['CONTACT_PHONE_2', 'INTRO_VIDEO_URL'] },
      'operator settings not configured, the public pages hide them: CONTACT_PHONE_2, INTRO_VIDEO_URL',
    );
  });

  it('says nothing in production with all set, nor in development with none set', () => {
    const log = { warn: vi.fn() };
    warnMissingOperatorSettings(loadConfig({ ...ALL, NODE_ENV: 'production' }), log);
    warnMissingOperatorSettings(loadConfig({}), log);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
