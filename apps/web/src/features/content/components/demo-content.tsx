import { messages } from '@/lib/messages';
import { paths } from '@/lib/paths';
import { runtimeConfig } from '@/lib/runtime-config';
import { IntroVideo } from '@/components/intro-video';
import { LinkButton } from './link-button';
import { PageHero } from './page-hero';

// Chapters of the intro video, which runs messages.introVideo.length (the waitlist page says the same).
const CHAPTERS = [
  { time: '0:00', text: 'Meet your AI business coach' },
  { time: '0:25', text: 'Voice onboarding in 3-5 minutes' },
  { time: '1:00', text: 'The dashboard and AI insights' },
  { time: '1:35', text: 'Connecting your tools with Connect Anything' },
];

/** /demo: the intro video behind a click-to-load preview, then waitlist, pricing and dashboard. */
export function DemoContent() {
  const brand = runtimeConfig().brandName;
  return (
    <main>
      <PageHero
        eyebrow="Experience the demo"
        title={`See ${brand} in action`}
        lead={<p>From sign-up to your first AI-powered growth plan, shown in {messages.introVideo.length}.</p>}
      />
      <section aria-label="Intro video" className="px-4 sm:px-6 lg:px-8">
        <div className="mx-auto grid max-w-6xl gap-8 lg:grid-cols-[1.8fr_1fr]">
          <IntroVideo title={`${brand} intro video`} />
          <div className="rounded-2xl border border-white/10 bg-card p-6">
            <h2 id="video-chapters" className="font-semibold text-white">
              In this video
            </h2>
            <ol aria-labelledby="video-chapters" className="mt-4 flex flex-col gap-3">
              {CHAPTERS.map((c) => (
                <li key={c.time} className="flex gap-3 text-slate-200">
                  <span className="font-mono text-sm text-highlight">{c.time}</span>
                  {c.text}
                </li>
              ))}
            </ol>
          </div>
        </div>
        <div className="mx-auto mt-12 flex max-w-6xl flex-col justify-center gap-3 pb-20 sm:flex-row">
          <LinkButton to={paths.joinWaitlist}>Join the Waitlist</LinkButton>
          <LinkButton to={paths.pricing} secondary>
            View Pricing
          </LinkButton>
          <LinkButton to={paths.dashboard} secondary>
            Open the Dashboard
          </LinkButton>
        </div>
      </section>
    </main>
  );
}
