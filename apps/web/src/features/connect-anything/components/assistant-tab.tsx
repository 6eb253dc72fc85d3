import { useQuery } from '@tanstack/react-query';
import { Bot, Send } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { sanitizeInput } from '@/lib/security-input';
import { cn } from '@/lib/utils';
import { fetchCatalogueIndex } from '../api/integrations';
import { ASSISTANT_GREETING, assistantReply } from '../lib/assistant-reply';

interface Message {
  id: number;
  from: 'assistant' | 'user';
  text: string;
}
const REPLY_DELAY_MS = 1000;

/** Integration Assistant: answers after 1 s, worked out from the catalogue (the AI coach is a later issue). */
export function AssistantTab() {
  const catalogue = useQuery({ queryKey: ['integrations', 'index'], queryFn: fetchCatalogueIndex, staleTime: 5 * 60_000 });
  const [messages, setMessages] = useState<Message[]>([{ id: 0, from: 'assistant', text: ASSISTANT_GREETING }]);
  const [input, setInput] = useState('');
  const [thinking, setThinking] = useState(false);
  const timers = useRef<number[]>([]);
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);
  useEffect(() => {
    // newer Chromium returns a promise from scrollIntoView; an effect must not return it
    void endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages]);

  const send = (e: FormEvent) => {
    e.preventDefault();
    const text = sanitizeInput(input).slice(0, 500);
    if (!text) return;
    setInput('');
    setMessages((m) => [...m, { id: m.length, from: 'user', text }]);
    setThinking(true);
    timers.current.push(
      window.setTimeout(() => {
        setMessages((m) => [...m, { id: m.length, from: 'assistant', text: assistantReply(text, catalogue.data ?? []) }]);
        setThinking(false);
      }, REPLY_DELAY_MS),
    );
  };

  return (
    <section aria-label="Integration Assistant" className="mx-auto flex max-w-3xl flex-col rounded-lg border bg-card">
      <header className="flex items-center gap-3 border-b p-4">
        <span className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-violet-600 to-cyan-500">
          <Bot aria-hidden className="size-5 text-white" />
        </span>
        <div>
          <h2 className="font-semibold">Integration Assistant</h2>
          <p className="text-xs text-muted-foreground">Answers from our app catalogue</p>
        </div>
      </header>
      <div role="log" aria-live="polite" aria-label="Conversation" className="h-80 space-y-3 overflow-y-auto p-4">
        {messages.map((m) => (
          <div key={m.id} className={cn('flex', m.from === 'user' ? 'justify-end' : 'justify-start')}>
            <p
              data-testid={`chat-${m.from}`}
              className={cn('max-w-[85%] rounded-2xl px-4 py-2 text-sm', m.from === 'user' ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-secondary text-secondary-foreground')}
            >
              {m.text}
            </p>
          </div>
        ))}
        {thinking && <p className="text-xs text-muted-foreground">Assistant is typing...</p>}
        <div ref={endRef} />
      </div>
      <form onSubmit={send} className="flex gap-2 border-t p-3">
        <Input aria-label="Message the Integration Assistant" placeholder="e.g. Which apps connect to Slack?" value={input} onChange={(e) => setInput(e.target.value)} maxLength={500} />
        <Button type="submit" size="icon" aria-label="Send" disabled={!input.trim()}>
          <Send aria-hidden />
        </Button>
      </form>
    </section>
  );
}
