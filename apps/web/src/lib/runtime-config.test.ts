import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtime-config';

const BASE = {
  supabaseUrl: 'http://127.0.0.1:3000',
  anonKey: 'anon',
  brandName: 'Brand',
  voiceAvailable: false,
  sessionTimeoutMinutes: 240,
  sessionWarningMinutes: 10,
};

describe('parseRuntimeConfig', () => {
  it('takes a server with no booking, video or contact settings (issue 44: they have no defaults)', () => {
    expect(parseRuntimeConfig({ ...BASE, contact: {} })).toMatchObject(BASE);
    expect(parseRuntimeConfig(BASE).bookingUrl).toBeUndefined();
  });

  it('takes the configured ones', () => {
    const c = parseRuntimeConfig({
      ...BASE,
      bookingUrl: 'https://cal/x',
      introVideoUrl: 'https://v/y',
      contact: { email: 'a@b.c', phone: '+44 1' },
    });
    expect(c.contact).toEqual({ email: 'a@b.c', phone: '+44 1' });
    expect(c.introVideoUrl).toBe('https://v/y');
  });

  it('refuses settings of the wrong type', () => {
    expect(() => parseRuntimeConfig({ ...BASE, introVideoUrl: 42 })).toThrow('App configuration has a bad introVideoUrl');
    expect(() => parseRuntimeConfig({ ...BASE, bookingUrl: '' })).toThrow('App configuration has a bad bookingUrl');
    expect(() => parseRuntimeConfig({ ...BASE, contact: { phone: 7 } })).toThrow('App configuration has bad contact details');
    expect(() => parseRuntimeConfig({ ...BASE, contact: 'x' })).toThrow('App configuration has bad contact details');
  });
});
