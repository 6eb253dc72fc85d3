import { describe, expect, it } from 'vitest';
import { redactUrl, truncateText } from './redact.js';

describe('stored run records', () => {
  it('redact credentials and secret-looking query values in addresses', () => {
    expect(redactUrl('https://bob:hunter2@hooks.example.com/in?api_key=abc&order=7&sig=xyz')).toBe(
      'https://redacted@hooks.example.com/in?api_key=%5Bredacted%5D&order=7&sig=%5Bredacted%5D',
    );
    expect(redactUrl('https://hooks.zapier.com/hooks/catch/1/abc/')).toBe('https://hooks.zapier.com/hooks/catch/1/abc/');
    expect(redactUrl('not a url')).toBe('[invalid url]');
  });

  it('truncate long bodies with a marker', () => {
    expect(truncateText('abcdef', 3)).toBe('abc… [truncated]');
    expect(truncateText('abc', 3)).toBe('abc');
  });
});
