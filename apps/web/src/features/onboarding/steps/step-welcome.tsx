import { Clock, LayoutList, Mic, Sparkles } from 'lucide-react';
import { runtimeConfig } from '@/lib/runtime-config';

const BENEFITS = [
  { icon: Mic, title: 'Voice Guided', text: 'Talk to our AI assistant and it fills in your answers as you speak.' },
  { icon: LayoutList, title: 'Visual Forms', text: 'Prefer typing? Every step works as a simple form.' },
  { icon: Sparkles, title: 'Smart Hybrid', text: 'Switch between voice and forms whenever you like.' },
];

/** Step 1: what the wizard does (the intro says '5 simple steps', as the specification has it). */
export function StepWelcome() {
  return (
    <div className="space-y-6 text-center">
      <div className="space-y-2">
        <h2 className="text-2xl font-bold sm:text-3xl">
          Welcome to <span className="text-gradient">{runtimeConfig().brandName}</span>
        </h2>
        <p className="mx-auto max-w-xl text-muted-foreground">Let's build your personalised business dashboard in 5 simple steps.</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-3">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-lg border bg-secondary/40 p-5 text-left">
            <Icon className="mb-3 size-6 text-accent" aria-hidden="true" />
            <h3 className="font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
      <p className="inline-flex items-center gap-2 text-sm text-muted-foreground">
        <Clock className="size-4" aria-hidden="true" /> Takes about 3-5 minutes
      </p>
      <p className="rounded-md border border-violet-500/30 bg-violet-500/10 px-4 py-3 text-sm">
        <strong>Voice tip:</strong> with voice on, just answer the assistant out loud. You can type at any time too.
      </p>
    </div>
  );
}
