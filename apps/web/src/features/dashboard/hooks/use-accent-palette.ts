import { THEMES, type Theme } from '@app/shared';
import { useEffect } from 'react';
import { z } from 'zod';

const themeSchema = z.object({ theme: z.enum(THEMES) });

/** The theme in a business profile's preferences (jsonb, so checked), or null. */
export function themeOf(preferences: unknown): Theme | null {
  const r = themeSchema.safeParse(preferences);
  return r.success ? r.data.theme : null;
}

/**
 * The onboarding's theme becomes the app's accent palette while the dashboard is open (issue 44): <html data-accent>
 * selects theme.css's palette, on <html> so dialogs portalled into <body> follow it; removed when the dashboard closes.
 */
export function useAccentPalette(preferences: unknown) {
  const theme = themeOf(preferences);
  useEffect(() => {
    if (!theme) return;
    const root = document.documentElement;
    root.dataset.accent = theme;
    return () => {
      delete root.dataset.accent;
    };
  }, [theme]);
}
