import { Bot, Gauge, Globe, Megaphone, Palette, Plug } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { catalogueApps, useCatalogueSize } from '@/lib/catalogue-size';
import { paths } from '@/lib/paths';
import { ProductShot } from './product-shot';
import { SectionHeading } from './section-heading';

const TOUR = [
  {
    screen: 'onboarding-voice',
    title: 'Set up in minutes, by voice or by form',
    text: 'A six-step guided setup teaches your coach about your business. Talk to the voice assistant, or skip it and type.',
    alt: 'The onboarding wizard at step 1 of 6 with the voice assistant on and listening: choices Voice Guided, Visual Forms and Smart Hybrid, about 3-5 minutes',
  },
  {
    screen: 'connect-anything',
    title: 'Connect Anything',
    text: 'Browse the integrations catalogue by category, compare tools side by side and plan how they connect.',
    alt: 'Connect Anything: integrations filtered by category, with Gmail, Google Sheets and Slack first',
  },
] as const;

const FEATURES = [
  { icon: Globe, title: 'Website Hub', text: 'Build, audit and improve your site with AI that understands your customers.' },
  { icon: Bot, title: 'AI Business Coach', text: 'Ask anything, any time. Answers grounded in your business profile and data.' },
  { icon: Gauge, title: 'Business Metrics', text: 'The numbers that matter, tracked automatically, with alerts before problems grow.' },
  {
    icon: Plug,
    title: 'Connect Anything',
    text: (apps: string) => `Link ${apps}, from your CRM to your bank, and let them work together.`,
  },
  { icon: Palette, title: 'Brand Hub', text: 'Guidelines, tone of voice and assets in one place, applied across every channel.' },
  { icon: Megaphone, title: 'Marketing Toolkit', text: 'Campaign ideas, copy and audiences generated and tested for your market.' },
];

/** Home section 5: six feature cards, each with Compare Tools → /connect-anything. */
export function FeatureCards() {
  const apps = catalogueApps(useCatalogueSize());
  return (
    <section aria-labelledby="features-title" className="bg-section px-4 py-20 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="features-title" eyebrow="Everything you need" title="Six tools. One business brain.">
          Each tool shares what it learns with the others, so your coach always has the full picture.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, ...f }) => (
            <li key={f.title} className="flex flex-col rounded-2xl border border-border bg-card p-6 shadow-lg shadow-black/20">
              <Icon className="size-8 text-brand" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-foreground">{f.title}</h3>
              <p className="mt-2 flex-1 text-muted-foreground">{typeof f.text === 'function' ? f.text(apps) : f.text}</p>
              <Button
                asChild
                variant="outline"
                size="sm"
                className="mt-6 self-start border-white/15 text-foreground hover:bg-white/10 hover:text-foreground"
              >
                <Link to={paths.connectAnything}>
                  Compare Tools<span className="sr-only"> for {f.title}</span>
                </Link>
              </Button>
            </li>
          ))}
        </ul>
        <ul aria-label="Inside the product" className="mt-16 grid gap-10 lg:grid-cols-2">
          {TOUR.map((t) => (
            <li key={t.screen}>
              <ProductShot screen={t.screen} alt={t.alt} sizes="(min-width: 1024px) 600px, 100vw" />
              <h3 className="mt-5 text-lg font-semibold text-foreground">{t.title}</h3>
              <p className="mt-1 text-muted-foreground">{t.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
