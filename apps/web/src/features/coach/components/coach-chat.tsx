import { planKeys } from '@/lib/plan/plan-keys';
import { useChat } from '@ai-sdk/react';
import { lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw, Send, Square } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  COACH_FIRST_TOKEN_WAIT_MS,
  COACH_MESSAGE_MAX_CHARS,
  coachTierForPlan,
  estimateCoachCredits,
  type CoachDataParts,
  type CoachDoor,
} from '@app/shared';
import { usePlan } from '@/lib/plan/plan-context';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { coachMessages } from '@/lib/messages/coach';
import { actionPlanKey } from '@/lib/action-plan';
import { connectionIdeasKey } from '@/lib/connection-ideas';
import { cn } from '@/lib/utils';
import { createCoachTransport } from '../api/coach-transport';
import { describeCoachError } from '../lib/coach-errors';
import { dataOf, messageText, type CoachMessage } from '../lib/coach-message';
import { coachKeys } from '../lib/query-keys';
import { MessageView } from './message-view';
import { CoachNotConfigured, coachConfiguredByServer } from './not-configured';

export interface CoachChatProps {
  door: CoachDoor;
  /** The conversation to continue (null: a new one, created by the server with the first reply). */
  conversationId: string | null;
  initialMessages?: CoachMessage[];
  greeting: string;
  placeholder?: string;
  inputLabel?: string;
  /** Told when the server names the conversation (its first data part), e.g. to select it in the list. */
  onConversation?: (c: { id: string; title: string }) => void;
  className?: string;
}

/** The one coach behind every door: streams replies over useChat, shows errors plainly, keeps what was typed. */
export function CoachChat({
  door,
  conversationId,
  initialMessages,
  greeting,
  placeholder,
  inputLabel,
  onConversation,
  className,
}: CoachChatProps) {
  const qc = useQueryClient();
  const plan = usePlan();
  // one transport per mounted chat (a new or resumed conversation remounts this component)
  const [coach] = useState(() => createCoachTransport(door, conversationId));
  const onConversationRef = useRef(onConversation);
  useEffect(() => {
    onConversationRef.current = onConversation;
  }, [onConversation]);
  const [input, setInput] = useState('');
  const [serverNotConfigured, setServerNotConfigured] = useState(false);
  const endRef = useRef<HTMLDivElement>(null);

  const chat = useChat<CoachMessage>({
    messages: initialMessages,
    transport: coach.transport,
    experimental_throttle: 50,
    // an answer to every proposal of the last reply sends them and the reply goes on (AI SDK 6 tool approval)
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    onData: (part) => {
      if (part.type === 'data-conversation') {
        const conversation = part.data as CoachDataParts['conversation'];
        coach.setConversationId(conversation.id);
        onConversationRef.current?.(conversation);
        void qc.invalidateQueries({ queryKey: coachKeys.conversations });
      }
    },
    onError: (err) => {
      // A reply that failed before it was stored (no usage part: nothing kept, nothing charged) leaves no half
      // bubble: the error takes its place, the question stays, and Retry asks again.
      // (called after useChat returned: `chat` is set by then; its setMessages is the same Chat instance's)
      chat.setMessages((messages) => {
        const last = messages.at(-1);
        return last?.role === 'assistant' && dataOf(last, 'usage') === undefined ? messages.slice(0, -1) : messages;
      });
      const failure = describeCoachError(err);
      if (failure.code === 'out_of_credits') plan.openPlanDialog('top_up');
      if (failure.code === 'ai_not_configured') setServerNotConfigured(true);
    },
    onFinish: () => {
      // the reply may have charged credits, written a plan or saved an idea: refresh what shows them
      void qc.invalidateQueries({ queryKey: planKeys.all });
      void qc.invalidateQueries({ queryKey: coachKeys.all });
      void qc.invalidateQueries({ queryKey: connectionIdeasKey });
      void qc.invalidateQueries({ queryKey: actionPlanKey });
    },
  });
  const { messages: list, status, error } = chat;
  const busy = status === 'submitted' || status === 'streaming';
  const last = list.at(-1);
  const failure = error ? describeCoachError(error, last?.role === 'assistant' && dataOf(last, 'usage') !== undefined) : null;

  useEffect(() => {
    void endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [list, status]);

  // Until the model's first token (our own data parts come at once): "thinking", then after
  // COACH_FIRST_TOKEN_WAIT_MS "still waiting for the AI provider" with Stop (the provider may be stalled).
  const waiting = busy && !(last?.role === 'assistant' && last.parts.some((p) => p.type === 'text' || p.type.startsWith('tool-')));
  const [requests, setRequests] = useState(0); // each send, retry or answer: one wait of its own
  const [slowRequest, setSlowRequest] = useState<number | null>(null);
  const waitingFor = waiting ? requests : null;
  useEffect(() => {
    if (waitingFor === null) return;
    const timer = setTimeout(() => setSlowRequest(waitingFor), COACH_FIRST_TOKEN_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waitingFor]);
  const slow = waitingFor !== null && slowRequest === waitingFor;

  if (!coachConfiguredByServer() || serverNotConfigured) return <CoachNotConfigured />;

  const historyChars = list.reduce((n, m) => n + messageText(m).length, 0);
  const tier = plan.currentPlan ? coachTierForPlan(plan.currentPlan) : 'standard';
  const tooLong = input.length > COACH_MESSAGE_MAX_CHARS;
  const text = input.trim();
  const estimate = text ? estimateCoachCredits(text.length, historyChars) : 0;
  const balance = plan.status?.credits_balance;
  // said before sending: a message the balance cannot cover would be refused or leave it below zero
  const cannotCover = tier !== 'unlimited' && balance !== undefined && text !== '' && estimate > balance;

  const send = (e?: FormEvent) => {
    e?.preventDefault();
    if (!text || busy || tooLong || cannotCover) return;
    setInput('');
    setRequests((n) => n + 1);
    void chat.sendMessage({ text });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) send(e);
  };

  return (
    <div className={cn('flex min-h-0 flex-col', className)}>
      <div
        role="log"
        aria-live="polite"
        aria-label="Conversation"
        aria-busy={busy}
        className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4"
      >
        <div className="flex justify-start">
          <p className="max-w-[92%] rounded-2xl rounded-bl-sm bg-secondary px-4 py-2 text-sm text-secondary-foreground">{greeting}</p>
        </div>
        {list.map((m, i) => (
          <MessageView
            key={m.id}
            message={m}
            streaming={busy && i === list.length - 1}
            onAnswer={
              busy
                ? undefined
                : (id, approved) => {
                    setRequests((n) => n + 1);
                    void chat.addToolApprovalResponse({ id, approved });
                  }
            }
          />
        ))}
        {waiting &&
          (slow ? (
            <div role="status" data-testid="coach-slow" className="flex items-center gap-2 text-xs text-muted-foreground">
              {coachMessages.stillWaiting}
              <Button type="button" size="sm" variant="outline" className="h-7" onClick={() => void chat.stop()}>
                <Square aria-hidden /> Stop
              </Button>
            </div>
          ) : (
            <p className="text-xs text-muted-foreground">{coachMessages.thinking}</p>
          ))}
        {failure && (
          <div role="alert" data-testid="coach-error" className="flex justify-start">
            <div className="max-w-[92%] rounded-2xl rounded-bl-sm border border-destructive/40 bg-destructive/10 px-4 py-2 text-sm">
              <p>{failure.text}</p>
              <div className="mt-2 flex gap-2">
                {failure.retryable && (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => {
                      setRequests((n) => n + 1);
                      void chat.regenerate();
                    }}
                  >
                    <RotateCcw aria-hidden /> Retry
                  </Button>
                )}
                {failure.code === 'out_of_credits' && (
                  <Button size="sm" variant="gradient" onClick={() => plan.openPlanDialog('top_up')}>
                    Your Plan
                  </Button>
                )}
              </div>
            </div>
          </div>
        )}
        <div ref={endRef} />
      </div>
      <form onSubmit={send} className="border-t p-3">
        <div className="flex items-end gap-2">
          <Textarea
            aria-label={inputLabel ?? coachMessages.inputLabel}
            placeholder={placeholder ?? coachMessages.placeholder}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={onKeyDown}
            aria-invalid={tooLong || undefined}
            rows={2}
            className="min-h-12 resize-none"
          />
          {busy ? (
            <Button type="button" size="icon" variant="outline" aria-label="Stop" onClick={() => void chat.stop()}>
              <Square aria-hidden />
            </Button>
          ) : (
            <Button type="submit" size="icon" aria-label="Send" disabled={!text || tooLong || cannotCover}>
              <Send aria-hidden />
            </Button>
          )}
        </div>
        <p
          data-testid="coach-estimate"
          className={cn('mt-1.5 flex items-center gap-2 text-xs', tooLong || cannotCover ? 'text-destructive' : 'text-muted-foreground')}
        >
          {tooLong
            ? coachMessages.tooLong(COACH_MESSAGE_MAX_CHARS)
            : cannotCover
              ? coachMessages.cannotCover(estimate, balance)
              : text
                ? tier === 'unlimited'
                  ? coachMessages.estimateUnlimited
                  : coachMessages.estimate(estimate)
                : '\u00a0'}
          {cannotCover && (
            <Button type="button" size="sm" variant="link" className="h-auto p-0 text-xs" onClick={() => plan.openPlanDialog('top_up')}>
              {coachMessages.buyCredits}
            </Button>
          )}
        </p>
      </form>
    </div>
  );
}
