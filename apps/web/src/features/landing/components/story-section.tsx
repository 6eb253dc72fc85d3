import { Quote } from 'lucide-react';

/** Home section 6: the personal story behind the product. */
export function StorySection() {
  return (
    <section aria-labelledby="story-title" className="px-4 py-20 sm:px-6 lg:px-8">
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-[0.9fr_1.1fr]">
        <div aria-hidden="true" className="relative mx-auto aspect-square w-full max-w-sm">
          <div className="absolute inset-0 rounded-[2rem] bg-gradient-to-br from-violet-600 via-fuchsia-500 to-cyan-500 opacity-80 blur-2xl" />
          <div className="relative flex h-full flex-col justify-end rounded-[2rem] border border-white/15 bg-card p-8">
            <Quote className="size-10 text-brand" />
            <p className="mt-4 text-2xl font-semibold leading-snug text-foreground">
              &ldquo;I built the coach I wish I&apos;d had at 2am with a payroll to meet.&rdquo;
            </p>
          </div>
        </div>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-highlight">Why we built this</p>
          <h2 id="story-title" className="mt-2 text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
            Started by a founder, for founders
          </h2>
          <div className="mt-6 flex flex-col gap-4 text-lg text-muted-foreground">
            <p>
              Our founder ran a small London agency for eight years. The work was great; the business side nearly broke it. Leads came in
              waves, the numbers lived in five different apps, and good advice cost more per hour than the agency earned.
            </p>
            <p>
              The turning point was simple: put every number in one place and ask better questions of it, every day. That habit doubled
              revenue in eighteen months, and it is the habit this platform gives you from day one.
            </p>
            <p className="text-foreground">
              No jargon, no lock-in, no pretending. Just a coach that knows your business and is there whenever you need it.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
