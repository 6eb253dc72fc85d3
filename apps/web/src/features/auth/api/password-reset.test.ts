import { describe, expect, it } from 'vitest';
import { classifyResetError } from './password-reset';

describe('password reset errors (docs/product.md#password-reset)', () => {
  it('names a mail outage (API key, SMTP 535) as the e-mail service being unavailable', () => {
    const unavailable = 'Email service temporarily unavailable. Please try the direct password change option or contact support.';
    expect(classifyResetError('Invalid API key')).toBe(unavailable);
    expect(classifyResetError('Email service unavailable (code 535) (code email_service_unavailable)')).toBe(unavailable);
    expect(classifyResetError('Email is required')).toBe('Password reset failed: Email is required');
  });
});
