import type { CSSProperties } from 'react';

/**
 * The wizard keeps the product's dark look even where the page around it is a light surface (/sign-up uses
 * .surface-light for its dark navigation text): the design tokens of src/index.css's @theme, set back locally.
 */
export const DARK_SURFACE = {
  '--color-background': '#0b1020',
  '--color-foreground': '#f5f7fb',
  '--color-card': '#121a30',
  '--color-card-foreground': '#f5f7fb',
  '--color-secondary': '#1e2742',
  '--color-secondary-foreground': '#e6e9f2',
  '--color-muted': '#1a2238',
  '--color-muted-foreground': '#a3acc2',
  '--color-border': '#27314f',
  '--color-input': '#2c3757',
  '--color-primary': '#7c3aed',
  '--color-ring': '#a78bfa',
  colorScheme: 'dark',
} as CSSProperties;
