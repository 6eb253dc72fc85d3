import { afterEach, describe, expect, it, vi } from 'vitest';
import { authMessages } from '@/lib/messages/auth';
import { describePasskeyError } from './passkey-errors';

describe('describePasskeyError', () => {
  afterEach(() => vi.unstubAllGlobals());
  const supported = () => {
    vi.stubGlobal('window', { PublicKeyCredential: function PublicKeyCredential() {} });
    vi.stubGlobal('navigator', { credentials: {} });
  };

  it('says the browser cannot do passkeys when WebAuthn is missing', () => {
    vi.stubGlobal('window', {});
    expect(describePasskeyError(new Error('x'), 'sign-in')).toBe(authMessages.passkeys.notSupported);
  });

  it('treats a dismissed or timed-out prompt as cancelled', () => {
    supported();
    expect(describePasskeyError({ code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', cause: { name: 'NotAllowedError' } }, 'sign-in')).toBe(
      authMessages.passkeys.cancelled,
    );
    expect(describePasskeyError({ code: 'ERROR_CEREMONY_ABORTED' }, 'register')).toBe(authMessages.passkeys.cancelled);
  });

  it('names a server refusal at sign-in "not recognised", and a second registration "already added"', () => {
    supported();
    expect(describePasskeyError({ name: 'AuthApiError', status: 400 }, 'sign-in')).toBe(authMessages.passkeys.notRecognised);
    expect(describePasskeyError({ code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' }, 'register')).toBe(
      authMessages.passkeys.alreadyAdded,
    );
    expect(describePasskeyError({ name: 'AuthApiError', status: 400 }, 'register')).toBe(authMessages.passkeys.failed);
  });
});
