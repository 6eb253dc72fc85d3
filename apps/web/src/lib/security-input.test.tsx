// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text';
import { validateEmail, validateText, validateUrl } from './security-input';

// What people type is stored as they typed it (trimmed): nothing that looks like HTML is stripped, React escapes it.
const TYPED = [
  'Tom <3 Jerry',
  '<script>alert(1)</script> & "quotes"',
  'a < b > c',
  'javascript: is a word here',
  '<img src=x onerror="steal()">',
];

describe('free text is kept as typed', () => {
  it('validateText and plainText keep angle brackets, quotes and scheme-like words', () => {
    for (const s of TYPED) {
      expect(validateText(`  ${s} `)).toEqual({ valid: true, value: s });
      expect(plainText(200).parse(s)).toBe(s);
    }
  });

  it('renders the stored text escaped, as text, never as markup', () => {
    for (const s of TYPED) {
      const { container, unmount } = render(<p>{plainText(200).parse(s)}</p>);
      expect(container.textContent).toBe(s);
      expect(container.querySelector('script, img, b')).toBeNull();
      unmount();
    }
  });

  it('refuses control characters instead of removing them', () => {
    expect(validateText('bell\u0007')).toEqual({ valid: false, error: 'Text contains characters that cannot be saved' });
    expect(plainText(200).safeParse('esc\u001b[0m').success).toBe(false);
    expect(validateText('tab\tand\nlines\r\n').valid).toBe(true);
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
