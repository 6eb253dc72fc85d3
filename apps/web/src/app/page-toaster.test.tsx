// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { PageToaster } from './page-toaster';

// jsdom has no matchMedia; sonner asks it only for theme="system" (the old setting) and for the mobile breakpoint.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  }) as unknown as MediaQueryList;

async function themeOn(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <PageToaster />
    </MemoryRouter>,
  );
  act(() => void toast('Saved'));
  // the toaster mounts its list once it has a toast to show
  const list = await waitFor(() => {
    const el = document.querySelector('[data-sonner-theme]');
    if (!el) throw new Error('no toast list yet');
    return el;
  });
  return list.getAttribute('data-sonner-theme');
}

describe('PageToaster (docs/design.md#toasts)', () => {
  afterEach(() => {
    act(() => void toast.dismiss());
    cleanup();
  });

  it('is light on the light pages', async () => {
    expect(await themeOn('/pricing')).toBe('light');
  });

  it('is dark on the dark pages', async () => {
    expect(await themeOn('/cookie-policy')).toBe('dark');
  });
});
