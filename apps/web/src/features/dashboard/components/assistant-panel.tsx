import { Bot, ChevronDown, ChevronUp, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { messages } from '@/lib/messages';
import { sanitizeInput } from '@/lib/security-input';
import { cn } from '@/lib/utils';

interface Line {
  id: number;
  from: 'user' | 'assistant';
  text: string;
}

/** The floating assistant. The AI coach is not connected yet, and the panel says so instead of pretending. */
export function AssistantPanel() {
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const send = (e: FormEvent) => {
    e.preventDefault();
    const text = sanitizeInput(input).slice(0, 500);
    if (!text) return;
    setInput('');
    setLines((l) => [...l, { id: l.length, from: 'user', text }, { id: l.length + 1, from: 'assistant', text: messages.dashboard.assistantNotConnected }]);
  };
  return (
    <aside aria-label="AI assistant" className="fixed bottom-4 right-4 z-40 w-80 overflow-hidden rounded-2xl border bg-card shadow-2xl shadow-black/40">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="assistant-body"
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 bg-gradient-to-r from-violet-600 to-cyan-600 px-4 py-3 text-left text-sm font-semibold text-white"
      >
        <Bot aria-hidden className="size-4" /> AI Business Coach
        <span className="ml-auto">{open ? <ChevronDown aria-hidden className="size-4" /> : <ChevronUp aria-hidden className="size-4" />}</span>
        <span className="sr-only">{open ? 'Collapse' : 'Expand'}</span>
      </button>
      <div id="assistant-body" hidden={!open}>
        <div role="log" aria-live="polite" className="max-h-64 space-y-2 overflow-y-auto p-3 text-sm">
          <p className="rounded-xl bg-secondary px-3 py-2 text-secondary-foreground">
            Coming soon: your 24/7 AI business coach. It is not connected yet, so messages here are not answered.
          </p>
          {lines.map((l) => (
            <p key={l.id} className={cn('rounded-xl px-3 py-2', l.from === 'user' ? 'ml-8 bg-primary text-primary-foreground' : 'mr-4 bg-secondary text-secondary-foreground')}>
              {l.text}
            </p>
          ))}
        </div>
        <form onSubmit={send} className="flex gap-2 border-t p-2">
          <Input aria-label="Message the AI coach" placeholder="Ask your coach..." value={input} onChange={(e) => setInput(e.target.value)} maxLength={500} />
          <Button type="submit" size="icon" aria-label="Send" disabled={!input.trim()}>
            <Send aria-hidden />
          </Button>
        </form>
      </div>
    </aside>
  );
}
