import { describe, expect, it } from 'vitest';
import { readEmailChangeLanding } from './use-email-change-landing';

const HALF = encodeURIComponent('Confirmation link accepted. Please proceed to confirm link sent to the other email');

describe('readEmailChangeLanding', () => {
  it('reads the first of two confirmations from the fragment (implicit) or the query (PKCE)', () => {
    expect(readEmailChangeLanding('', `#message=${HALF}`)).toBe('half');
    expect(readEmailChangeLanding(`?message=${HALF}`, `#message=${HALF}`)).toBe('half');
  });
  it('reads a completed change from ?code= or an implicit email_change fragment', () => {
    expect(readEmailChangeLanding('?code=abc', '')).toBe('done');
    expect(readEmailChangeLanding('', '#access_token=x&refresh_token=y&type=email_change')).toBe('done');
  });
  it('reads a failed link, and ignores everything else', () => {
    expect(readEmailChangeLanding('', '#error=access_denied&error_code=otp_expired')).toBe('failed');
    expect(readEmailChangeLanding('?error_code=otp_expired', '')).toBe('failed');
    expect(readEmailChangeLanding('', '')).toBeNull();
    expect(readEmailChangeLanding('?message=hello', '#type=recovery')).toBeNull();
  });
});
