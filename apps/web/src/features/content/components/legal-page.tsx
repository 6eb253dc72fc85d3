import type { ReactNode } from 'react';
import { useRevealChildren } from '@/lib/use-reveal';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/**
 * Terms, privacy and cookie policy: a readable column with a table of contents. Uses the theme tokens, so it reads
 * on the light surface (/terms, /privacy) and on the dark one (/cookie-policy).
 */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  const revealSections = useRevealChildren<HTMLElement>();
  const anchor = (i: number) => `section-${i + 1}`;
  return (
    <main className="bg-background px-4 pb-20 pt-10 text-foreground sm:px-6 lg:px-8">
      <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-[240px_1fr]">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <p className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">On this page</p>
            <ol className="mt-3 flex flex-col gap-2 text-sm">
              {sections.map((s, i) => (
                <li key={s.title}>
                  <a className="text-muted-foreground hover:text-foreground" href={`#${anchor(i)}`}>
                    {i + 1}. {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article ref={revealSections} className="min-w-0 max-w-3xl">
          <h1 className="text-4xl font-extrabold tracking-tight">{title}</h1>
          <p className="mt-2 text-sm text-muted-foreground">Last updated {updated}</p>
          <div className="mt-8 text-lg leading-relaxed text-muted-foreground">{intro}</div>
          {sections.map((s, i) => (
            <section key={s.title} id={anchor(i)} aria-labelledby={`${anchor(i)}-title`} className="mt-10 scroll-mt-24">
              <h2 id={`${anchor(i)}-title`} className="text-2xl font-bold tracking-tight">
                {i + 1}. {s.title}
              </h2>
              <div className="legal-body mt-4 flex flex-col gap-4 leading-relaxed text-muted-foreground [&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-foreground">
                {s.body}
              </div>
            </section>
          ))}
        </article>
      </div>
    </main>
  );
}
