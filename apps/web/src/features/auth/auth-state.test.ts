import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { applyAuthEvent, INITIAL_AUTH, type AuthCore } from './auth-state';

const session = { access_token: 't', user: { id: 'u1' } } as unknown as Session;
const failed: AuthCore = { ...INITIAL_AUTH, error: 'Wrong password', errorSource: 'sign-in', isLoaded: true };

describe('applyAuthEvent', () => {
  it('a sign-in or refresh sets the session and user and clears a shown error', () => {
    for (const event of ['SIGNED_IN', 'TOKEN_REFRESHED'] as const) {
      expect(applyAuthEvent(failed, event, session)).toMatchObject({
        session,
        user: session.user,
        error: null,
        errorSource: null,
        isLoaded: true,
      });
    }
  });
  it('a sign-out drops session, user and error', () => {
    const signedIn = applyAuthEvent(failed, 'SIGNED_IN', session);
    expect(applyAuthEvent(signedIn, 'SIGNED_OUT', null)).toMatchObject({ session: null, user: null, error: null, isLoaded: true });
  });
  it('other events replace session and user only, keeping an error the form still shows', () => {
    expect(applyAuthEvent(failed, 'USER_UPDATED', session)).toMatchObject({
      session,
      user: session.user,
      error: 'Wrong password',
      errorSource: 'sign-in',
    });
    expect(applyAuthEvent(INITIAL_AUTH, 'INITIAL_SESSION', null)).toMatchObject({ session: null, user: null, isLoaded: true });
  });
  it('keeps where sign-out sends the user', () => {
    expect(applyAuthEvent({ ...INITIAL_AUTH, signOutTarget: '/' }, 'SIGNED_OUT', null).signOutTarget).toBe('/');
  });
});
