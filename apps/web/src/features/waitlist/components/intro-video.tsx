import { Play } from 'lucide-react';
import { useState } from 'react';
import { runtimeConfig } from '@/lib/runtime-config';

/** The embed address with autoplay on, so the click that loads it also starts it. */
export function autoplayUrl(src: string): string {
  try {
    const u = new URL(src);
    u.searchParams.set('autoplay', '1');
    u.searchParams.set('rel', '0');
    return u.toString();
  } catch {
    return src;
  }
}

/**
 * Part 2 §4: the intro video as a click-to-load preview. Nothing reaches the video provider until the visitor asks
 * for the video (the click is the request; youtube-nocookie); if the player fails to load we fall back to the preview.
 */
export function IntroVideo({ title }: { title: string }) {
  const [playing, setPlaying] = useState(false);
  const src = runtimeConfig().introVideoUrl;

  if (playing) {
    return (
      <div className="relative aspect-video w-full overflow-hidden rounded-xl border border-border bg-black shadow-2xl shadow-violet-950/40">
        <iframe
          className="absolute inset-0 size-full"
          src={autoplayUrl(src)}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          onError={() => setPlaying(false)}
        />
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      className="group relative flex aspect-video w-full cursor-pointer items-center justify-center overflow-hidden rounded-xl border border-border bg-gradient-to-br from-violet-900/70 via-[#121a30] to-cyan-900/60 text-left shadow-2xl shadow-violet-950/40"
      aria-label={`Play video: ${title}`}
    >
      <span aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,rgba(139,92,246,0.35),transparent_55%),radial-gradient(circle_at_80%_80%,rgba(6,182,212,0.3),transparent_50%)]" />
      <span className="relative flex flex-col items-center gap-4 px-6 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-white/95 text-violet-700 shadow-lg transition-transform group-hover:scale-110 sm:size-20">
          <Play className="ml-1 size-7 fill-current sm:size-9" aria-hidden="true" />
        </span>
        <span className="text-base font-semibold text-white sm:text-lg">{title}</span>
        <span className="text-xs text-slate-300">Click to load the video (plays from YouTube)</span>
      </span>
    </button>
  );
}
