import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { statementTimeoutFor } from './statement-timeouts.js';

describe('statement timeouts per role (issue 38)', () => {
  it("defaults to Supabase's bounds for anon and authenticated, 60 s for service_role", () => {
    const c = loadConfig({});
    expect(['anon', 'authenticated', 'service_role'].map((role) => statementTimeoutFor(role, c))).toEqual([3_000, 8_000, 60_000]);
  });

  it('reads each bound from its variable; an unknown role gets the smallest', () => {
    const c = loadConfig({
      DB_STATEMENT_TIMEOUT_ANON_MS: '1500',
      DB_STATEMENT_TIMEOUT_AUTHENTICATED_MS: '2500',
      DB_STATEMENT_TIMEOUT_SERVICE_ROLE_MS: '90000',
    });
    expect(['anon', 'authenticated', 'service_role', 'postgres'].map((role) => statementTimeoutFor(role, c))).toEqual([
      1_500, 2_500, 90_000, 1_500,
    ]);
  });

  it('refuses no bound at all or a bound that is not a number of milliseconds', () => {
    for (const bad of ['0', '99', 'soon', '3600001']) expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_ANON_MS: bad })).toThrow(ConfigError);
  });
});
