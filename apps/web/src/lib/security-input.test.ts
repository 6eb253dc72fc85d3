import { describe, expect, it } from 'vitest';
import { sanitizeInput, validateEmail, validateText, validateUrl } from './security-input';

describe('sanitizeInput', () => {
  it('trims and strips script tags, javascript: and inline handlers', () => {
    expect(sanitizeInput('  hello <script>alert(1)</script> world ')).toBe('hello  world');
    expect(sanitizeInput('<a href="javascript:alert(1)">x</a>')).toBe('<a href="alert(1)">x</a>');
    expect(sanitizeInput('<img src=x onerror="steal()">')).toBe('<img src=x >');
    expect(sanitizeInput('Plain words stay as they are')).toBe('Plain words stay as they are');
  });
});

describe('validators', () => {
  it('checks e-mail addresses', () => {
    expect(validateEmail(' Ann@Example.com ')).toEqual({ valid: true, value: 'ann@example.com' });
    expect(validateEmail('not-an-email')).toEqual({ valid: false, error: 'Invalid email format' });
  });
  it('checks URLs', () => {
    expect(validateUrl('https://example.com/a').valid).toBe(true);
    expect(validateUrl('example')).toEqual({ valid: false, error: 'Invalid URL format' });
  });
  it('rejects text over 10000 characters', () => {
    expect(validateText('a'.repeat(10000)).valid).toBe(true);
    expect(validateText('a'.repeat(10001))).toEqual({ valid: false, error: 'Text too long' });
  });
});
