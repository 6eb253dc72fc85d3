import { ContactDetailsCard } from '@/features/contact/components/contact-details-card';
import { ContactForm } from '@/features/contact/components/contact-form';
import { useRevealChildren } from '@/lib/use-reveal';

/** /contact: how to reach us, and the contact form. */
export function Component() {
  const revealSections = useRevealChildren<HTMLElement>();
  return (
    <main ref={revealSections} className="px-4 pb-20 pt-12 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-6xl">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-highlight">Contact</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-foreground sm:text-5xl">We’d love to hear from you</h1>
          <p className="mt-4 text-lg text-muted-foreground">
            Questions about plans, partnerships or press? Send a message and a real person replies within one working day.
          </p>
        </div>
        <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_1.5fr]">
          <ContactDetailsCard />
          <ContactForm />
        </div>
      </div>
    </main>
  );
}
