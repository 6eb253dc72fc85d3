import type { Partner } from '../partners';

/**
 * Partner marks (issue 18: the cards showed letter monograms). Make and ElevenLabs: their marks as published by
 * Simple Icons 16.37.0 (https://simpleicons.org, CC0; sources make.com/en/press and elevenlabs.io/brand), only these
 * two paths copied here, so no icon package reaches the bundle. Lovable has no mark there: a designed wordmark
 * in the brand face instead. Decision 0054.
 */
const MARKS: Record<string, { path: string; color: string }> = {
  make: {
    color: '#6D00CC',
    path: 'M13.38 3.498c-.27 0-.511.19-.566.465L9.85 18.986a.578.578 0 0 0 .453.678l4.095.826a.58.58 0 0 0 .682-.455l2.963-15.021a.578.578 0 0 0-.453-.678l-4.096-.826a.589.589 0 0 0-.113-.012zm-5.876.098a.576.576 0 0 0-.516.318L.062 17.697a.575.575 0 0 0 .256.774l3.733 1.877a.578.578 0 0 0 .775-.258l6.926-13.781a.577.577 0 0 0-.256-.776L7.762 3.658a.571.571 0 0 0-.258-.062zm11.74.115a.576.576 0 0 0-.576.576v15.426c0 .318.258.578.576.578h4.178a.58.58 0 0 0 .578-.578V4.287a.578.578 0 0 0-.578-.576Z',
  },
  elevenlabs: { color: '#000000', path: 'M4.6035 0v24h4.9317V0zm9.8613 0v24h4.9317V0z' },
};

/** The partner's mark on a white tile (the marks are drawn for light backgrounds), or its wordmark; decorative, the card names the partner. */
export function PartnerMark({ partner }: { partner: Pick<Partner, 'name' | 'logo'> }) {
  const mark = MARKS[partner.logo];
  return (
    <span
      data-testid="partner-mark"
      data-mark={mark ? 'svg' : 'wordmark'}
      className="flex h-12 min-w-12 items-center justify-center rounded-xl bg-white px-3 shadow-sm"
    >
      {mark ? (
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-7" fill={mark.color}>
          <path d={mark.path} />
        </svg>
      ) : (
        <span
          aria-hidden="true"
          className="bg-gradient-to-r from-orange-500 via-pink-600 to-violet-700 bg-clip-text text-base font-extrabold tracking-tight text-transparent"
        >
          {partner.name.toLowerCase()}
        </span>
      )}
    </span>
  );
}
