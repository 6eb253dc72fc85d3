import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { preload } from 'react-dom';

/**
 * Preloads the one text font file every page paints with (Inter, latin, all weights in one variable file; fonts.css).
 * React puts the <link rel="preload"> in the document head, and into the HTML when the page is rendered ahead of
 * time, so the font downloads alongside the stylesheet instead of after it. Same hashed URL as the @font-face.
 */
export function usePreloadBrandFont() {
  preload(interLatin, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
}
