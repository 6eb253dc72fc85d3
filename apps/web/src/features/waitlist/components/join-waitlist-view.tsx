import { CheckCircle2, Gift } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { publicMessages } from '@/lib/messages/public';
import { runtimeConfig } from '@/lib/runtime-config';
import { IntroVideo } from '@/components/intro-video';
import { WaitlistForm } from './waitlist-form';
import { WelcomeCard } from './welcome-card';
import { useRevealChildren } from '@/lib/use-reveal';

const PERKS = ['Early access before the public launch', 'Special launch pricing, locked in', 'A free 30-minute strategy session'] as const;

/** /join-waiting-list (docs/product.md#waitlist): the intro video, the perks and the form, which becomes the welcome card on success. */
export function JoinWaitlistView() {
  const revealSections = useRevealChildren<HTMLElement>();
  const brand = runtimeConfig().brandName;
  const [position, setPosition] = useState<number | null>(null);

  return (
    <main ref={revealSections} className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[520px] bg-[radial-gradient(ellipse_at_top,rgba(139,92,246,0.25),transparent_65%)]"
      />
      <div className="relative mx-auto grid w-full max-w-6xl gap-10 px-4 py-10 sm:px-6 md:py-16 lg:grid-cols-[1.15fr_1fr] lg:grid-rows-[auto_1fr] lg:gap-x-14">
        <section className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1" aria-labelledby="waitlist-title">
          <Badge variant="secondary" className="w-fit">
            Beta · Early access
          </Badge>
          <h1 id="waitlist-title" className="text-3xl font-extrabold tracking-tight sm:text-4xl lg:text-5xl">
            Join the <span className="text-gradient">{brand}</span> waitlist
          </h1>
          <p className="max-w-xl text-base text-muted-foreground sm:text-lg">
            Your 24/7 AI business coach, with website, brand and advertising intelligence in one place. Get in early and help shape it.
          </p>
        </section>
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:pt-12">
          <Card className="border-violet-500/30 bg-card/90 shadow-2xl shadow-violet-950/40 lg:sticky lg:top-24">
            {position === null ? (
              <>
                <CardHeader>
                  <CardTitle as="h2" className="text-2xl">
                    Reserve your spot
                  </CardTitle>
                  <CardDescription>Enter your name and email. We&apos;ll confirm your place in line by email.</CardDescription>
                </CardHeader>
                <CardContent className="flex flex-col gap-6">
                  <WaitlistForm onJoined={setPosition} />
                  <div className="flex gap-3 rounded-lg border border-cyan-500/30 bg-cyan-500/10 p-4">
                    <Gift className="mt-0.5 size-5 shrink-0 text-highlight" aria-hidden="true" />
                    <p className="text-sm text-secondary-foreground">
                      <span className="font-semibold text-foreground">Free Custom AI MVP Builder</span> included with every subscription: we
                      build the first version of your AI tool with you.
                    </p>
                  </div>
                </CardContent>
              </>
            ) : (
              <CardContent className="p-6 sm:p-8">
                <WelcomeCard position={position} />
              </CardContent>
            )}
          </Card>
        </div>
        {/* On phones the form comes straight after the heading; the video and perks follow it. */}
        <section className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-2" aria-label="About the early access">
          <IntroVideo title={`Meet ${brand} in ${publicMessages.introVideo.length}`} />
          <ul className="grid gap-3 sm:grid-cols-3">
            {PERKS.map((p) => (
              <li key={p} className="flex items-start gap-2 text-sm text-secondary-foreground">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-cyan-400" aria-hidden="true" />
                {p}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
