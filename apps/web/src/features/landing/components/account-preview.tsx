import { Bot, Mic, Plug } from 'lucide-react';
import { ProductShot } from './product-shot';

const INSIDE = [
  {
    icon: Mic,
    title: 'Voice or visual onboarding',
    text: 'Six steps, about 3-5 minutes, build your business profile. Talk it through, or turn the voice off and use the form.',
  },
  {
    icon: Bot,
    title: 'An AI business coach, 24/7',
    text: 'It answers from your own business profile and can draft your 90-day action plan.',
  },
  {
    icon: Plug,
    title: 'Connect Anything',
    text: 'Browse, compare and plan connections between the tools you already use.',
  },
];

/**
 * What waits behind the sign-in form (the /sign-in and /sign-up pages at 1024 px and wider): the product itself, so
 * the page is not a lone card in an empty band (issue 18). Hidden on narrower screens, where the form comes first and
 * alone; the screenshot is lazy, so a phone never fetches it.
 */
export function AccountPreview() {
  return (
    <aside aria-labelledby="account-preview-title" className="hidden lg:block">
      <p className="text-sm font-semibold uppercase tracking-wider text-highlight">Inside your account</p>
      <h2 id="account-preview-title" className="mt-2 text-3xl font-bold tracking-tight">
        Your business operating system
      </h2>
      <ul className="mt-6 flex flex-col gap-4">
        {INSIDE.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-brand">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-0.5 text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <ProductShot
        screen="dashboard"
        alt="The signed-in dashboard: profile completeness and business health, each explained, beside the plan and credits"
        sizes="560px"
        className="mt-8"
      />
    </aside>
  );
}
