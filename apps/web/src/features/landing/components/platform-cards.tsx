import { BarChart3, Globe, Palette } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { SectionHeading } from './section-heading';

const CARDS = [
  {
    icon: BarChart3,
    title: 'AI Dashboard',
    text: 'Revenue, campaigns, leads and cash flow on one screen, with your coach pointing out what to do next.',
    to: paths.dashboardShowcase,
    cta: 'See the dashboard',
  },
  {
    icon: Globe,
    title: 'Website Intelligence',
    text: 'Find out why visitors leave, which pages sell, and what to fix first, in plain English.',
    to: paths.websiteHub,
    cta: 'Explore Website Hub',
  },
  {
    icon: Palette,
    title: 'Brand Intelligence',
    text: 'Keep your voice, visuals and positioning consistent everywhere, and see how you stack up against rivals.',
    to: paths.brandHub,
    cta: 'Explore Brand Hub',
  },
];

/** Home section 3: AI Intelligence Platform, three cards. */
export function PlatformCards() {
  return (
    <section aria-labelledby="platform-title" className="px-4 py-20 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="platform-title" eyebrow="One platform" title="AI Intelligence Platform">
          Three intelligence layers that work together, so every decision is backed by your own numbers.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {CARDS.map(({ icon: Icon, ...c }) => (
            <li
              key={c.title}
              className="group relative flex flex-col rounded-2xl border border-border bg-gradient-to-b from-white/[0.06] to-white/[0.02] p-7 transition-colors hover:border-violet-400/40"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-violet-600 to-cyan-500 text-white shadow-lg shadow-violet-900/40">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-5 text-xl font-semibold text-foreground">{c.title}</h3>
              <p className="mt-2 flex-1 text-muted-foreground">{c.text}</p>
              <Link to={c.to} className="mt-5 text-sm font-semibold text-highlight hover:text-cyan-200">
                {c.cta} <span aria-hidden="true">→</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
