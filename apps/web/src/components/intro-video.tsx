import { Play } from 'lucide-react';
import { useState } from 'react';
import { useConsent } from '@/lib/consent/consent-context';
import { runtimeConfig } from '@/lib/runtime-config';

/** The embed URL with autoplay: the iframe only exists after the visitor pressed play, so autoplay is what they asked for. */
export function autoplayUrl(url: string): string {
  try {
    const u = new URL(url);
    u.searchParams.set('autoplay', '1');
    u.searchParams.set('rel', '0');
    return u.toString();
  } catch {
    return url;
  }
}

/**
 * Click-to-load intro video (privacy-enhanced youtube-nocookie). Nothing is requested from the video provider until
 * the visitor presses play; without functional consent the preview says what pressing play loads, so the click is an
 * informed, explicit request for this one video. The one intro video of the site (the demo page and the waitlist page).
 */
export function IntroVideo({ title }: { title: string }) {
  const { consent } = useConsent();
  const [playing, setPlaying] = useState(false);
  const src = runtimeConfig().introVideoUrl;
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-2xl border border-white/10 bg-[#0e1529] shadow-2xl shadow-violet-950/50">
      {playing ? (
        <iframe
          data-testid="intro-video-iframe"
          className="absolute inset-0 size-full"
          src={autoplayUrl(src)}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
          onError={() => setPlaying(false)}
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group absolute inset-0 flex cursor-pointer flex-col items-center justify-center gap-4 bg-[radial-gradient(60%_60%_at_50%_40%,rgba(139,92,246,0.45),transparent_70%),linear-gradient(135deg,#151d3a,#0b1020_60%,#0b3a4a)] p-6 text-center"
        >
          <span className="flex size-20 items-center justify-center rounded-full bg-white/95 text-violet-700 shadow-2xl transition-transform group-hover:scale-105 sm:size-24">
            <Play className="ml-1 size-9 fill-current" aria-hidden="true" />
          </span>
          <span className="text-lg font-semibold text-white sm:text-xl">Play video: {title}</span>
          {!consent.functional && (
            <span className="max-w-md text-xs text-slate-300 sm:text-sm">
              Plays from YouTube in privacy-enhanced mode. Pressing play lets YouTube store data on your device.
            </span>
          )}
        </button>
      )}
    </div>
  );
}
