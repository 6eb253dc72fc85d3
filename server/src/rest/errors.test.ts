import { describe, expect, it } from 'vitest';
import { statusForSqlState } from './error-table.js';
import { fromPgError } from './errors.js';

describe('SQLSTATE -> HTTP status (PostgREST table)', () => {
  it.each([
    ['23505', 'anon', 409],
    ['23503', 'authenticated', 409],
    ['42501', 'anon', 401],
    ['42501', 'authenticated', 403],
    ['42501', 'service_role', 403],
    ['42P01', 'anon', 404],
    ['42883', 'anon', 404],
    ['22P02', 'anon', 400],
    ['23502', 'anon', 400],
    ['23514', 'anon', 400],
    ['P0001', 'anon', 400],
    ['25006', 'anon', 405],
    ['PT402', 'anon', 402],
    ['08006', 'anon', 503],
    ['53400', 'anon', 500],
    ['XX000', 'anon', 500],
    ['42703', 'anon', 400],
  ] as const)('%s as %s -> %i', (code, role, status) => {
    expect(statusForSqlState(code, 'x', role)).toBe(status);
  });

  it('separates pg-safeupdate and role errors by message', () => {
    expect(statusForSqlState('21000', 'UPDATE requires a WHERE clause', 'anon')).toBe(400);
    expect(statusForSqlState('21000', 'more than one row returned by a subquery', 'anon')).toBe(500);
    expect(statusForSqlState('22023', 'role "x" does not exist', 'anon')).toBe(401);
  });

  it('keeps PostgreSQL details for client errors but hides internals of server errors', () => {
    expect(fromPgError({ code: '23505', message: 'duplicate key', detail: 'Key (id)=(1) already exists.' }, 'anon').body).toEqual({
      code: '23505',
      message: 'duplicate key',
      details: 'Key (id)=(1) already exists.',
      hint: null,
    });
    const internal = fromPgError({ code: 'XX000', message: 'could not read block 7 in file base/1/2', detail: 'secret' }, 'anon');
    expect(internal.body).toEqual({ code: 'XX000', message: 'Database error', details: null, hint: null });
    expect(fromPgError({ code: '42501', message: 'permission denied' }, 'anon').headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
  });

  it("answers a cancelled statement as PostgREST does (500, 57014, PostgreSQL's words), hiding anything else of 57014", () => {
    const timedOut = fromPgError({ code: '57014', message: 'canceling statement due to statement timeout', detail: 'x' }, 'anon');
    expect(timedOut.status).toBe(500);
    expect(timedOut.body).toEqual({ code: '57014', message: 'canceling statement due to statement timeout', details: null, hint: null });
    expect(fromPgError({ code: '57014', message: 'canceling statement due to user request' }, 'anon').body.message).toBe(
      'canceling statement due to user request',
    );
    expect(fromPgError({ code: '57014', message: 'canceling statement due to secret' }, 'anon').body.message).toBe('Database error');
  });
});
