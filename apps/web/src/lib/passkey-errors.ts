import { authMessages } from '@/lib/messages/auth';

/** Whether this browser can run a passkey ceremony at all (checked before asking the server for a challenge). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && Boolean(navigator.credentials);
}

type ErrorLike = { name?: unknown; code?: unknown; status?: unknown; cause?: unknown };

/**
 * The plain-language text for a failed passkey ceremony. auth-js wraps the browser's DOMException in a
 * WebAuthnError (code + cause) and the server's refusals in an AuthApiError (status); neither message is shown as is.
 */
export function describePasskeyError(error: unknown, during: 'sign-in' | 'register'): string {
  if (!passkeysSupported()) return authMessages.passkeys.notSupported;
  const e = (error ?? {}) as ErrorLike;
  const causeName = (e.cause as ErrorLike | undefined)?.name;
  if (
    e.code === 'ERROR_CEREMONY_ABORTED' ||
    causeName === 'NotAllowedError' ||
    causeName === 'AbortError' ||
    e.name === 'NotAllowedError' ||
    e.name === 'AbortError'
  )
    return authMessages.passkeys.cancelled;
  if (e.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return authMessages.passkeys.alreadyAdded;
  if (e.name === 'NotSupportedError' || causeName === 'NotSupportedError') return authMessages.passkeys.notSupported;
  // the server answered 4xx to the signed assertion: unknown, deleted or tampered credential
  if (during === 'sign-in' && typeof e.status === 'number' && e.status >= 400 && e.status < 500) return authMessages.passkeys.notRecognised;
  return authMessages.passkeys.failed;
}
