import { describe, expect, it } from 'vitest';
import { searchPathFor } from './execute.js';

describe('searchPathFor', () => {
  it('writes the request schema, then the extra ones, as PostgREST escapeIdentList does', () => {
    // the postgrest-js fixture's value: schema public, extra search path public,extensions
    expect(searchPathFor('public', ['public', 'extensions'])).toBe('"public", "public", "extensions"');
    expect(searchPathFor('personal', ['public'])).toBe('"personal", "public"');
    expect(searchPathFor('public', [])).toBe('"public"');
  });

  it('doubles a quote inside a name', () => {
    expect(searchPathFor('we"ird', [])).toBe('"we""ird"');
  });
});
