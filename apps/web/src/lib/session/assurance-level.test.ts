import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { needsSecondFactor, tokenAssuranceLevel } from './assurance-level';

const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (payload: unknown) => `${b64url({ alg: 'HS256' })}.${b64url(payload)}.sig`;
const session = (token: string, factors: { status: string }[] | undefined) =>
  ({ access_token: token, user: { factors } }) as unknown as Pick<Session, 'access_token' | 'user'>;

describe('tokenAssuranceLevel', () => {
  it('reads the aal claim of a base64url payload', () => {
    expect(tokenAssuranceLevel(jwt({ aal: 'aal2', sub: 'u' }))).toBe('aal2');
    // '?' and '>' make base64 emit '/' and '+', which base64url spells '_' and '-'
    expect(tokenAssuranceLevel(jwt({ aal: 'aal1', note: '???>>>' }))).toBe('aal1');
  });
  it('is null for a token without the claim or that cannot be read', () => {
    expect(tokenAssuranceLevel(jwt({ sub: 'u' }))).toBeNull();
    expect(tokenAssuranceLevel('not-a-jwt')).toBeNull();
    expect(tokenAssuranceLevel('a.!!!.c')).toBeNull();
  });
});

describe('needsSecondFactor', () => {
  const verified = [{ status: 'verified' }];
  it('is false without a session or without a verified factor, whatever the token says', () => {
    expect(needsSecondFactor(null)).toBe(false);
    expect(needsSecondFactor(session(jwt({ aal: 'aal1' }), undefined))).toBe(false);
    expect(needsSecondFactor(session(jwt({ aal: 'aal1' }), [{ status: 'unverified' }]))).toBe(false);
  });
  it('is true for a verified factor while the session is at aal1 or unreadable', () => {
    expect(needsSecondFactor(session(jwt({ aal: 'aal1' }), verified))).toBe(true);
    expect(needsSecondFactor(session('garbage', verified))).toBe(true);
  });
  it('is false once the session is at aal2', () => {
    expect(needsSecondFactor(session(jwt({ aal: 'aal2' }), verified))).toBe(false);
  });
});
