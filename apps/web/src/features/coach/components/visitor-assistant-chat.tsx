import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { RotateCcw, Send } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { coachMessages } from '@/lib/messages/coach';
import { paths } from '@/lib/paths';
import { MarkdownText } from './markdown-text';

/** The server's limits (server/src/api/visitor-assistant.ts VISITOR_LIMITS): a short exchange of short questions. */
const MAX_CHARS = 1000;
const MAX_MESSAGES = 12;

const textOf = (m: UIMessage) =>
  m.parts
    .filter((p) => p.type === 'text')
    .map((p) => p.text)
    .join('');

// Only the text of each turn goes to the server: it validates that shape and keeps nothing.
const transport = new DefaultChatTransport<UIMessage>({
  api: '/api/integration-assistant',
  prepareSendMessagesRequest: ({ messages }) => ({
    body: {
      messages: messages
        .map((m) => ({ role: m.role, text: textOf(m).trim() }))
        .filter((m) => m.role !== 'system' && m.text)
        .slice(-MAX_MESSAGES),
    },
  }),
});

/** What the page says for a refused or failed request: the server's {code} mapped to our catalogue. */
function errorText(err: Error) {
  const code = /"code"\s*:\s*"([a-z_]+)"/.exec(err.message)?.[1];
  if (code === 'assistant_visitor_limit') return coachMessages.visitor.hourlyLimit;
  if (code === 'assistant_daily_limit') return coachMessages.visitor.dailyLimit;
  return coachMessages.visitor.failed;
}

/** The Integration Assistant for a signed-out visitor: catalogue answers within the server's visitor limits. */
export function VisitorAssistantChat() {
  const chat = useChat({ transport });
  const [input, setInput] = useState('');
  const busy = chat.status === 'submitted' || chat.status === 'streaming';
  const text = input.trim();
  const tooLong = text.length > MAX_CHARS;
  const log = useRef<HTMLDivElement>(null);
  // the latest answer or error in view, inside the conversation's own scroll area (never the page's)
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [chat.messages, chat.error]);

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!text || tooLong || busy) return;
    void chat.sendMessage({ text });
    setInput('');
  };

  return (
    <div className="flex h-[28rem] flex-col" data-testid="visitor-assistant">
      <div ref={log} className="flex-1 space-y-3 overflow-y-auto p-4" aria-live="polite">
        <p className="max-w-prose rounded-lg bg-secondary px-4 py-3 text-sm">{coachMessages.integrationGreeting}</p>
        {chat.messages.map((m) =>
          m.role === 'user' ? (
            <p
              key={m.id}
              className="ml-auto w-fit max-w-prose whitespace-pre-wrap rounded-lg bg-primary px-4 py-3 text-sm text-primary-foreground"
            >
              {textOf(m)}
            </p>
          ) : textOf(m) ? (
            <div key={m.id} className="max-w-prose rounded-lg bg-secondary px-4 py-3 text-sm" data-testid="visitor-reply">
              <MarkdownText text={textOf(m)} />
            </div>
          ) : null,
        )}
        {chat.error && (
          <div
            role="alert"
            className="flex max-w-prose flex-wrap items-center gap-3 rounded-lg border border-destructive/40 px-4 py-3 text-sm"
          >
            <span>{errorText(chat.error)}</span>
            <Button type="button" size="sm" variant="outline" onClick={() => void chat.regenerate()}>
              <RotateCcw aria-hidden /> Retry
            </Button>
          </div>
        )}
      </div>
      <form onSubmit={send} className="border-t p-3">
        <div className="flex items-end gap-2">
          <Textarea
            value={input}
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) send(e);
            }}
            placeholder={coachMessages.integrationPlaceholder}
            aria-label={coachMessages.integrationInputLabel}
            aria-invalid={tooLong || undefined}
            rows={2}
            className="min-h-12 resize-none"
          />
          <Button type="submit" size="icon" aria-label="Send" disabled={!text || tooLong || busy}>
            <Send aria-hidden />
          </Button>
        </div>
        <p className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
          <span>{tooLong ? coachMessages.tooLong(MAX_CHARS) : coachMessages.visitor.note}</span>
          <Button asChild variant="gradient" size="sm">
            <Link to={paths.signIn} state={{ from: paths.connectAnything }}>
              Sign in
            </Link>
          </Button>
        </p>
      </form>
    </div>
  );
}
