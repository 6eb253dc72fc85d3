import { ExternalLink, Star } from 'lucide-react';
import { Link } from 'react-router';
import { PARTNERS } from '../partners';
import { PartnerMark } from './partner-mark';
import { SectionHeading } from './section-heading';

/** Home section 8: three partner cards; the visit link opens the partner's site in a new tab. */
export function PartnerCards() {
  return (
    <section aria-labelledby="partners-title" className="px-4 py-20 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-7xl">
        <SectionHeading id="partners-title" eyebrow="Partners" title="Built with the best in AI">
          We partner with proven platforms so you get enterprise-grade technology at small-business prices.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {PARTNERS.map((p) => (
            <li key={p.name} data-testid="partner-card" className="relative flex flex-col rounded-2xl border border-border bg-card p-6">
              {p.featured && (
                <span className="absolute right-5 top-5 rounded-full bg-amber-400/15 px-2.5 py-0.5 text-xs font-semibold text-amber-200">
                  Featured
                </span>
              )}
              <div className="flex items-center gap-4">
                <PartnerMark partner={p} />
                <div>
                  <h3 className="text-lg font-semibold text-foreground">{p.name}</h3>
                  <p className="text-sm text-highlight">{p.category}</p>
                </div>
              </div>
              <p className="mt-4 text-muted-foreground">{p.description}</p>
              <p className="mt-2 text-sm text-muted-foreground">{p.detail}</p>
              <p className="mt-4 flex items-center gap-1 text-sm text-secondary-foreground">
                <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
                <span>
                  <span className="sr-only">Rated </span>
                  {p.rating.toFixed(1)}
                  <span className="sr-only"> out of 5</span>
                </span>
              </p>
              <div className="mt-6 flex flex-wrap gap-3 border-t border-border pt-5 text-sm font-semibold">
                <a
                  href={p.website}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 text-brand hover:text-foreground"
                >
                  Visit {p.name}
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
                {p.link && (
                  <Link to={p.link} className="text-highlight hover:text-cyan-200">
                    See it in the app <span aria-hidden="true">→</span>
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
