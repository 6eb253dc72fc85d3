import { ArrowRight, Clock, ShieldCheck, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { CLAIMS } from '@/lib/claims';
import { runtimeConfig } from '@/lib/runtime-config';
import { ProductShot } from './product-shot';

// The claims with their qualifiers beside them (lib/claims.ts, decision 0054).
const TRUST = [
  { icon: Zap, claim: CLAIMS.uptime },
  { icon: ShieldCheck, claim: CLAIMS.soc2 },
  { icon: Clock, claim: CLAIMS.support },
];

/**
 * Home section 2: the headline, Waitlist and Pricing, then a screenshot of the dashboard. Pure CSS backdrop; the
 * screenshot loads lazily (mostly below the fold) in a box of fixed proportions, so the headline stays the first paint.
 */
export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden px-4 pb-20 pt-32 sm:px-6 sm:pt-40 lg:px-8 lg:pb-28">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60%_50%_at_50%_0%,rgba(139,92,246,0.35),transparent_70%),radial-gradient(40%_40%_at_85%_30%,rgba(6,182,212,0.18),transparent_70%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(rgba(255,255,255,0.04)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,0.04)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:radial-gradient(ellipse_at_top,black_30%,transparent_70%)]"
      />
      <div className="mx-auto max-w-4xl text-center">
        <p className="inline-flex items-center gap-2 rounded-full border border-violet-400/30 bg-violet-500/10 px-4 py-1.5 text-sm font-medium text-violet-100">
          <span className="size-2 rounded-full bg-cyan-400 shadow-[0_0_12px] shadow-cyan-400" aria-hidden="true" />
          Early access is open, designed in the UK
        </p>
        <h1 id="hero-title" className="mt-8 text-4xl font-extrabold tracking-tight text-foreground sm:text-6xl lg:text-7xl">
          Connect with your <span className="text-gradient">vibe business coach</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground sm:text-xl">
          {runtimeConfig().brandName} is the enterprise AI platform for small businesses: a 24/7 coach, website, brand and advertising
          intelligence, and every tool you already use, connected in one place.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" variant="gradient" className="h-13 px-8 text-base">
            <Link to={paths.joinWaitlist}>
              Waitlist
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="h-13 border-white/20 px-8 text-base text-foreground hover:bg-white/10 hover:text-foreground"
          >
            <Link to={paths.pricing}>Pricing</Link>
          </Button>
        </div>
        <ul className="mx-auto mt-12 grid max-w-3xl gap-4 text-left sm:grid-cols-3">
          {TRUST.map(({ icon: Icon, claim }) => (
            <li key={claim.label} className="flex gap-2.5">
              <Icon className="mt-0.5 size-4 shrink-0 text-highlight" aria-hidden="true" />
              <p className="text-sm">
                <span className="font-semibold">
                  {claim.value} {claim.label}
                </span>
                <span className="mt-0.5 block text-xs text-muted-foreground">{claim.source}</span>
              </p>
            </li>
          ))}
        </ul>
      </div>
      {/* The product itself, not an illustration: the dashboard as a new account sees it after onboarding. */}
      <ProductShot
        screen="dashboard"
        alt="The dashboard: a business profile from onboarding, its completeness and a business health score with the essentials still missing"
        sizes="(min-width: 1024px) 1024px, 100vw"
        className="mx-auto mt-16 max-w-5xl"
      />
    </section>
  );
}
