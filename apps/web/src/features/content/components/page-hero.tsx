import type { ReactNode } from 'react';

/** The opening block of a content page: eyebrow, h1, lead and actions over a soft violet glow. */
export function PageHero({ eyebrow, title, lead, children }: { eyebrow: string; title: ReactNode; lead: ReactNode; children?: ReactNode }) {
  return (
    <section className="relative isolate overflow-hidden px-4 pb-16 pt-12 sm:px-6 sm:pt-20 lg:px-8">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50%_60%_at_50%_0%,rgba(139,92,246,0.28),transparent_70%)]"
      />
      <div className="mx-auto max-w-4xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-highlight">{eyebrow}</p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-foreground sm:text-5xl lg:text-6xl">{title}</h1>
        <div className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">{lead}</div>
        {children && <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>}
      </div>
    </section>
  );
}
