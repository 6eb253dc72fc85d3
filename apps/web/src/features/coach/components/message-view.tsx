import { Copy } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { coachMessages } from '@/lib/messages/coach';
import { cn } from '@/lib/utils';
import { dataOf, messageText, toolName, type CoachMessage } from '../lib/coach-message';
import { FactsLine } from './facts-line';
import { MarkdownText } from './markdown-text';
import { ToolCard, type ToolPartView } from './tool-card';

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(coachMessages.copied);
  } catch {
    toast.error(coachMessages.copyFailed);
  }
}

/** One message: the user's as plain text; the coach's as Markdown, tool cards, facts used and what it cost. */
export function MessageView({
  message,
  streaming,
  onAnswer,
}: {
  message: CoachMessage;
  streaming: boolean;
  /** Answers a proposal in this message (approve or decline). */
  onAnswer?: (id: string, approved: boolean) => void;
}) {
  if (message.role === 'user') {
    return (
      <div className="flex justify-end">
        <p
          data-testid="coach-user"
          className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-sm bg-violet-600 px-4 py-2 text-sm text-white"
        >
          {messageText(message)}
        </p>
      </div>
    );
  }
  const facts = dataOf(message, 'facts');
  const usage = dataOf(message, 'usage');
  const text = messageText(message);
  return (
    <div className="flex justify-start">
      <div
        data-testid="coach-reply"
        className="group max-w-[92%] rounded-2xl rounded-bl-sm bg-secondary px-4 py-2 text-sm text-secondary-foreground"
      >
        {facts && <FactsLine facts={facts} />}
        {message.parts.map((p, i) => {
          if (p.type === 'text') return p.text ? <MarkdownText key={i} text={p.text} /> : null;
          const name = toolName(p);
          if (name) return <ToolCard key={i} part={{ ...(p as unknown as ToolPartView), name }} onAnswer={onAnswer} />;
          return null;
        })}
        {!streaming && usage?.interrupted && (
          <p data-testid="coach-interrupted" className="mt-1 text-xs text-muted-foreground">
            {coachMessages.interrupted[usage.interrupted]}
          </p>
        )}
        {!streaming && (text || usage) && (
          <div className="mt-1 flex items-center gap-2 text-xs text-muted-foreground">
            {usage && (
              <span data-testid="coach-usage">
                {usage.tier === 'unlimited' ? coachMessages.usageUnlimited : coachMessages.usage(usage.credits, usage.balance)}
              </span>
            )}
            {text && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className={cn('ml-auto h-7 px-2')}
                aria-label="Copy reply"
                onClick={() => void copy(text)}
              >
                <Copy aria-hidden />
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
