import { publicMessages } from '@/lib/messages/public';
import { catalogueApps, useCatalogueSize } from '@/lib/catalogue-size';
import { paths } from '@/lib/paths';
import { runtimeConfig } from '@/lib/runtime-config';
import { IntroVideo } from '@/components/intro-video';
import { LinkButton } from './link-button';
import { PageHero } from './page-hero';
import { useRevealChildren } from '@/lib/use-reveal';

// Chapters of the intro video, which runs publicMessages.introVideo.length (the waitlist page says the same).
const CHAPTERS = [
  { time: '0:00', text: 'Meet your AI business coach', detail: 'A 24/7 coach that answers from your own business profile.' },
  {
    time: '0:25',
    text: 'Voice onboarding in 3-5 minutes',
    detail: 'Six steps by voice, or by form with the voice off, build your business profile.',
  },
  {
    time: '1:00',
    text: 'The dashboard and AI insights',
    detail: 'Profile completeness, business health and your 90-day action plan at a glance.',
  },
  {
    time: '1:35',
    text: 'Connecting your tools with Connect Anything',
    detail: (apps: string) => `Browse ${apps}, compare up to 3 tools and plan how they connect.`,
  },
];

// What the visitor can do next, from the product's own figures (docs/product.md); the catalogue's from the database.
const next = (catalogueSize: number | undefined) => [
  { figure: '6', label: 'onboarding steps' },
  { figure: '30 min', label: 'free strategy session' },
  { figure: catalogueSize === undefined ? '—' : catalogueSize.toLocaleString('en-GB'), label: 'apps to connect' },
];

/**
 * /demo: the intro video behind a click-to-load preview, with its chapters, then waitlist, pricing and dashboard.
 * With no INTRO_VIDEO_URL configured, the poster and no chapters (issue 44: they would describe someone else's video).
 */
export function DemoContent() {
  const revealSections = useRevealChildren<HTMLElement>();
  const { brandName: brand, introVideoUrl } = runtimeConfig();
  const catalogueSize = useCatalogueSize();
  const apps = catalogueApps(catalogueSize);
  return (
    <main ref={revealSections}>
      <PageHero
        eyebrow="Experience the demo"
        title={`See ${brand} in action`}
        lead={<p>From sign-up to your first AI-powered growth plan{introVideoUrl && `, shown in ${publicMessages.introVideo.length}`}.</p>}
      />
      <section aria-label="Intro video" className="px-4 sm:px-6 lg:px-8">
        <div className="mx-auto grid max-w-6xl gap-8 lg:grid-cols-[1.8fr_1fr]">
          <IntroVideo title={`${brand} intro video`} />
          <div className="flex flex-col rounded-2xl border border-border bg-card p-6">
            {introVideoUrl ? (
              <>
                <h2 id="video-chapters" className="font-semibold">
                  In this video
                </h2>
                <p className="mt-1 text-sm text-muted-foreground">Four chapters, {publicMessages.introVideo.length} in all.</p>
                <ol aria-labelledby="video-chapters" className="mb-6 mt-5 flex flex-col gap-4 border-l border-border pl-4">
                  {CHAPTERS.map((c) => (
                    <li key={c.time} className="relative">
                      <span aria-hidden="true" className="absolute -left-[1.3rem] top-1.5 size-2 rounded-full bg-highlight" />
                      <p className="flex gap-3 font-medium">
                        <span className="font-figures text-sm text-highlight">{c.time}</span>
                        {c.text}
                      </p>
                      <p className="mt-1 text-sm text-muted-foreground">{typeof c.detail === 'function' ? c.detail(apps) : c.detail}</p>
                    </li>
                  ))}
                </ol>
              </>
            ) : (
              <>
                <h2 className="font-semibold">Inside the product</h2>
                <ul className="mb-6 mt-5 flex flex-col gap-4">
                  {CHAPTERS.map((c) => (
                    <li key={c.time}>
                      <p className="font-medium">{c.text}</p>
                      <p className="mt-1 text-sm text-muted-foreground">{typeof c.detail === 'function' ? c.detail(apps) : c.detail}</p>
                    </li>
                  ))}
                </ul>
              </>
            )}
            <dl className="mt-auto grid grid-cols-3 gap-3 border-t border-border pt-5">
              {next(catalogueSize).map((n) => (
                <div key={n.label} className="flex flex-col-reverse">
                  <dt className="text-xs text-muted-foreground">{n.label}</dt>
                  <dd className="font-figures text-xl font-bold">{n.figure}</dd>
                </div>
              ))}
            </dl>
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
