import { SCROLL_MARKS } from '@app/shared/admin';

/** docs/product.md#analytics: scroll depth is reported once per page at each of these marks. */
export { SCROLL_MARKS };

/** How far down the page the bottom of the viewport is, in percent (0 when the page does not scroll). */
export function scrollPercent(scrollY: number, viewportHeight: number, documentHeight: number): number {
  const scrollable = documentHeight - viewportHeight;
  if (scrollable <= 0) return 0;
  // A couple of pixels short of the bottom counts as the bottom (sub-pixel layouts rarely reach it exactly).
  return Math.min(100, Math.max(0, ((scrollY + 2) / scrollable) * 100));
}

/** The marks newly passed at `percent`, given those already reported. */
export function newMarks(percent: number, reported: ReadonlySet<number>): number[] {
  return SCROLL_MARKS.filter((m) => percent >= m && !reported.has(m));
}
