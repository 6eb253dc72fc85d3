import { Play } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useConsent } from '@/lib/consent/consent-context';
import { publicMessages } from '@/lib/messages/public';
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

/** How long the embed's address may take to answer before the preview comes back. */
const REACH_TIMEOUT_MS = 15_000;

/**
 * Whether the embed's server can be reached. An iframe fires no error event when its page fails to load (it shows
 * the browser's error page and fires load), and its cross-origin document cannot be read; a no-cors request to the
 * same address rejects on exactly the failures that leave the frame empty (offline, DNS, refused, blocked). The
 * answer is opaque: nothing of it is read, no cookie is sent.
 */
export async function embedReachable(url: string, timeoutMs = REACH_TIMEOUT_MS): Promise<boolean> {
  try {
    await fetch(url, { method: 'HEAD', mode: 'no-cors', credentials: 'omit', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}

const POSTER =
  'absolute inset-0 flex flex-col items-center justify-center gap-3 bg-[radial-gradient(60%_60%_at_50%_40%,rgba(139,92,246,0.45),transparent_70%),linear-gradient(135deg,#151d3a,#0b1020_60%,#0b3a4a)] p-4 text-center sm:gap-4 sm:p-6';

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-2xl border border-white/10 bg-[#0e1529] shadow-2xl shadow-violet-950/50">
      {children}
    </div>
  );
}

/**
 * Click-to-load intro video (privacy-enhanced youtube-nocookie). Nothing is requested from the video provider until
 * the visitor presses play; without functional consent the preview says what pressing play loads, so the click is an
 * informed, explicit request for this one video. The one intro video of the site (the demo page and the waitlist page).
 * With no INTRO_VIDEO_URL configured, a poster without a play button (issue 44: never someone else's video); when the
 * embed cannot load, the preview comes back with a notice.
 */
export function IntroVideo({ title }: { title: string }) {
  const src = runtimeConfig().introVideoUrl;
  if (!src)
    return (
      <Frame>
        <div data-testid="intro-video-poster" className={POSTER}>
          <span className="text-lg font-semibold text-white sm:text-xl">{title}</span>
          <span className="text-sm text-slate-300">{publicMessages.introVideo.unavailable}</span>
        </div>
      </Frame>
    );
  return <PlayableVideo src={src} title={title} />;
}

function PlayableVideo({ src, title }: { src: string; title: string }) {
  const { consent } = useConsent();
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!playing) return;
    let live = true;
    void embedReachable(src).then((ok) => {
      if (live && !ok) {
        setPlaying(false);
        setFailed(true);
      }
    });
    return () => {
      live = false;
    };
  }, [playing, src]);

  return (
    <div>
      <Frame>
        {playing ? (
          <iframe
            data-testid="intro-video-iframe"
            className="absolute inset-0 size-full"
            src={autoplayUrl(src)}
            title={title}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        ) : (
          <button
            type="button"
            onClick={() => {
              setFailed(false);
              setPlaying(true);
            }}
            className={`group cursor-pointer ${POSTER}`}
          >
            {/* shrink-0: in a short box (a phone's 16:9) the column would squash the disc into an oval */}
            <span
              data-testid="intro-video-play"
              className="flex size-16 shrink-0 items-center justify-center rounded-full bg-white/95 text-violet-700 shadow-2xl transition-transform group-hover:scale-105 sm:size-24"
            >
              <Play className="ml-1 size-7 fill-current sm:size-9" aria-hidden="true" />
            </span>
            <span className="text-base font-semibold text-white sm:text-xl">Play video: {title}</span>
            {!consent.functional && (
              <span className="max-w-md text-xs text-slate-300 sm:text-sm">
                Plays from YouTube in privacy-enhanced mode. Pressing play lets YouTube store data on your device.
              </span>
            )}
          </button>
        )}
      </Frame>
      {failed && (
        <p role="alert" className="mt-3 text-sm text-amber-200">
          {publicMessages.introVideo.loadFailed}
        </p>
      )}
    </div>
  );
}
