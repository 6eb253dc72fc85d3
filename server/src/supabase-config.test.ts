import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { APP_ROOT } from './paths.js';

/**
 * supabase/config.toml (the Supabase CLI's view of this project) must say what the server does by default: each
 * setting that maps to one of ours is read here next to config.ts's default, so changing either without the other
 * fails. docs/supabase.md lists the settings with no counterpart.
 */
const toml = parse(readFileSync(path.join(APP_ROOT, 'supabase', 'config.toml'), 'utf8')) as Record<string, Record<string, unknown>>;
const c = loadConfig({ NODE_ENV: 'development' });
const auth = toml['auth']! as Record<string, unknown> & {
  email: Record<string, unknown>;
  sms: Record<string, unknown>;
  mfa: { web_authn: Record<string, unknown> };
};

describe('supabase/config.toml', () => {
  it('describes the API as config.ts sets it', () => {
    expect(toml['api']).toMatchObject({
      port: c.PORT,
      schemas: c.REST_SCHEMAS,
      extra_search_path: c.REST_EXTRA_SEARCH_PATH,
      max_rows: c.REST_MAX_ROWS,
    });
  });

  it('describes auth as config.ts sets it', () => {
    expect(auth).toMatchObject({
      site_url: c.SITE_URL,
      additional_redirect_urls: c.redirectAllowList,
      jwt_expiry: c.JWT_EXPIRY,
      refresh_token_reuse_interval: c.AUTH_REFRESH_REUSE_INTERVAL,
      enable_signup: c.AUTH_SIGNUP_ENABLED,
      enable_anonymous_sign_ins: c.AUTH_ANONYMOUS_SIGN_INS,
      minimum_password_length: c.AUTH_PASSWORD_MIN_LENGTH,
    });
    expect(auth.email).toMatchObject({
      enable_signup: c.AUTH_SIGNUP_ENABLED,
      double_confirm_changes: c.AUTH_DOUBLE_CONFIRM_CHANGES,
      enable_confirmations: c.AUTH_REQUIRE_EMAIL_CONFIRMATION,
      secure_password_change: c.AUTH_PASSWORD_CHANGE_REQUIRES_CURRENT,
      max_frequency: `${c.AUTH_EMAIL_MIN_INTERVAL}s`,
      otp_expiry: c.AUTH_OTP_EXPIRY,
    });
    expect(auth.sms).toMatchObject({ enable_signup: c.AUTH_PHONE_ENABLED, enable_confirmations: !c.AUTH_PHONE_AUTOCONFIRM });
    expect(auth.mfa.web_authn).toMatchObject({ enroll_enabled: c.AUTH_PASSKEYS_ENABLED, verify_enabled: c.AUTH_PASSKEYS_ENABLED });
  });

  it('describes the OAuth 2.1 server and the seed as the server runs them', () => {
    expect(toml['auth']!['oauth_server']).toEqual({
      enabled: true,
      allow_dynamic_registration: c.AUTH_OAUTH_DYNAMIC_REGISTRATION,
      authorization_url_path: c.AUTH_OAUTH_CONSENT_PATH,
    });
    const seed = (toml['db']! as { seed: { enabled: boolean; sql_paths: string[] } }).seed;
    expect(seed.enabled).toBe(true);
    // migrate() applies supabase/seed.sql (db/seed.ts): the one file the CLI is told about
    expect(seed.sql_paths).toEqual(['./seed.sql']);
    expect(readFileSync(path.join(APP_ROOT, 'supabase', 'seed.sql'), 'utf8')).toMatch(/insert into public\.plans/);
  });

  it('turns off the services this server does not run', () => {
    for (const service of ['realtime', 'studio', 'inbucket', 'storage', 'edge_runtime', 'analytics'])
      expect(toml[service], service).toMatchObject({ enabled: false });
  });
});
