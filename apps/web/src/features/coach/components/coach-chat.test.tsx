// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coachMessages } from '@/lib/messages/coach';
import { setRuntimeConfig } from '@/lib/runtime-config';
import type { CoachMessage } from '../lib/coach-message';
import { CoachChat } from './coach-chat';
import { CoachHostProvider } from './coach-host';

const openPlanDialog = vi.fn();
vi.mock('@/lib/plan/plan-context', () => ({ usePlan: () => ({ currentPlan: 'basic', openPlanDialog }) }));
vi.mock('@/lib/supabase', () => ({
  supabase: () => ({ auth: { getSession: async () => ({ data: { session: { access_token: 'user-jwt' } } }) } }),
}));

const config = {
  supabaseUrl: 'http://api.test',
  anonKey: 'anon-key',
  brandName: 'B',
  bookingUrl: 'https://b',
  introVideoUrl: 'https://v',
  voiceAvailable: false,
  sessionTimeoutMinutes: 30,
  sessionWarningMinutes: 5,
};
type Chunk = Parameters<Parameters<typeof createUIMessageStream<CoachMessage>>[0]['execute']>[0]['writer']['write'] extends (
  c: infer C,
) => void
  ? C
  : never;

/** A reply in the AI SDK's real UI message stream wire format (SSE), as the server sends it. */
function streamed(chunks: Chunk[]): Response {
  return createUIMessageStreamResponse({
    stream: createUIMessageStream<CoachMessage>({
      execute: ({ writer }) => {
        for (const c of chunks) writer.write(c);
      },
      onError: (e) => String((e as Error).message),
    }),
  });
}
const reply = (text: string, extra: Chunk[] = []): Chunk[] => [
  { type: 'data-conversation', data: { id: 'conv-1', title: 'Q1 marketing plan' } },
  { type: 'data-facts', id: 'facts', data: { labels: ['Business name', 'Goals'] } },
  ...extra,
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: text },
  { type: 'text-end', id: 't' },
  // as the server: the same facts part again, now naming the facts the reply used (issue 44)
  { type: 'data-facts', id: 'facts', data: { labels: ['Business name', 'Goals'], used: ['Business name'] } },
  { type: 'data-usage', data: { inputTokens: 1800, outputTokens: 300, credits: 3, balance: 97, tier: 'standard' } },
];

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  setRuntimeConfig(config);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  openPlanDialog.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderChat(host = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CoachHostProvider value={host}>
        <CoachChat door="panel" conversationId={null} greeting="Hello" />
      </CoachHostProvider>
    </QueryClientProvider>,
  );
}
async function send(text: string) {
  fireEvent.change(screen.getByRole('textbox', { name: coachMessages.inputLabel }), { target: { value: text } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  });
}
const body = (i: number) => JSON.parse((fetchMock.mock.calls[i]![1] as RequestInit).body as string);

// the Markdown renderer is a lazy chunk: its first load can take seconds on a busy machine
describe('CoachChat', { timeout: 30_000 }, () => {
  it('streams a reply with the facts used, a tool card and the cost, and continues the same conversation', async () => {
    const requestIntegration = vi.fn();
    fetchMock.mockResolvedValueOnce(
      streamed(
        reply('**Xero** is not in our catalogue.', [
          { type: 'tool-input-available', toolCallId: 'c1', toolName: 'searchCatalogue', input: { query: 'Xero' } },
          { type: 'tool-output-available', toolCallId: 'c1', output: { found: false, suggestRequest: true } },
        ]),
      ),
    );
    renderChat({ requestIntegration });
    fireEvent.change(screen.getByRole('textbox', { name: coachMessages.inputLabel }), { target: { value: 'Do you have Xero?' } });
    expect(screen.getByTestId('coach-estimate').textContent).toBe('About 2 credits to send');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    await screen.findByText(/is not in our catalogue\.$/);
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('http://api.test/functions/v1/coach');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer user-jwt');
    expect(new Headers(init.headers).get('apikey')).toBe('anon-key');
    expect(body(0)).toEqual({ message: 'Do you have Xero?', conversationId: null, door: 'panel' });
    expect(screen.getByText('"Xero" is not in our catalogue yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Request Integration' }));
    expect(requestIntegration).toHaveBeenCalledWith('Xero');
    await screen.findByText('3 credits used, 97 left');
    // the "Used" line names the fact the reply used; the other waits behind "more" (issue 44)
    expect(screen.getAllByTestId('coach-facts')).toHaveLength(1);
    expect(screen.getByTestId('coach-facts-used').textContent).toBe('Used: Business name');
    expect(screen.getByTestId('coach-facts-rest').textContent).toBe('Also known: Goals');
    expect(screen.getByTestId('coach-facts-rest').hidden).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '1 more' }));
    expect(screen.getByTestId('coach-facts-rest').hidden).toBe(false);
    expect(screen.getByRole('button', { name: 'Less' }).getAttribute('aria-expanded')).toBe('true');
    // Markdown arrives as markup, never as raw text
    await waitFor(() => expect(screen.getByText('Xero').tagName).toBe('STRONG'), { timeout: 15_000 });
    // copy-to-clipboard copies the reply's text as the coach wrote it (Markdown source)
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy reply' }));
    });
    expect(writeText).toHaveBeenCalledWith('**Xero** is not in our catalogue.');

    fetchMock.mockResolvedValueOnce(streamed(reply('Next.')));
    await send('And then?');
    await screen.findByText('Next.');
    expect(body(1)).toEqual({ message: 'And then?', conversationId: 'conv-1', door: 'panel' });
  });

  it('never renders raw HTML from a reply', async () => {
    fetchMock.mockResolvedValueOnce(streamed(reply('Hi <img src=x onerror="alert(1)"><script>alert(2)</script> there')));
    renderChat();
    await send('hello');
    await waitFor(() => expect(screen.getByTestId('coach-reply').textContent).toContain('there'));
    await waitFor(() => expect(document.querySelector('[data-testid="coach-reply"] p')).not.toBeNull(), { timeout: 15_000 });
    expect(document.querySelector('[data-testid="coach-reply"] img, [data-testid="coach-reply"] script')).toBeNull();
  });

  it('out of credits: says so and opens Your Plan', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 'out_of_credits', message: 'No credits left.' }), { status: 402 }));
    renderChat();
    await send('Plan my quarter');
    await screen.findByText(coachMessages.outOfCredits);
    expect(openPlanDialog).toHaveBeenCalledWith('top_up');
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('not configured: the door says the coach is not set up, and no input is left', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 'ai_not_configured', message: 'x' }), { status: 503 }));
    renderChat();
    await send('hello');
    await screen.findByText(coachMessages.notConfiguredTitle);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('not configured by /api/config: says so before anything is sent', () => {
    setRuntimeConfig({ ...config, coach: { configured: false } });
    renderChat();
    expect(screen.getByText(coachMessages.notConfigured)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a provider error after streaming began: plain message, then Retry resends the same text', async () => {
    fetchMock.mockResolvedValueOnce(
      streamed([
        { type: 'data-conversation', data: { id: 'conv-9', title: 't' } },
        { type: 'error', errorText: 'provider_error: The AI provider failed.' },
      ]),
    );
    renderChat();
    await send('Keep this text');
    await screen.findByText('The AI provider failed.');
    expect(screen.getByTestId('coach-user').textContent).toBe('Keep this text');
    fetchMock.mockResolvedValueOnce(streamed(reply('Recovered.')));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    });
    await screen.findByText('Recovered.');
    expect(body(1)).toEqual({ message: 'Keep this text', conversationId: 'conv-9', door: 'panel' });
    expect(screen.queryByTestId('coach-error')).toBeNull();
  });

  it('a failure after the reply was charged: the server says what was charged, and the reply is marked interrupted', async () => {
    const charged =
      'The AI provider took too long to finish this reply. What it wrote so far is kept and 1 credit was charged for it; please try again for the rest.';
    fetchMock.mockResolvedValueOnce(
      streamed([
        { type: 'data-conversation', data: { id: 'conv-7', title: 't' } },
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Half an answer' },
        { type: 'text-end', id: 't' },
        {
          type: 'data-usage',
          data: { inputTokens: 900, outputTokens: 4, credits: 1, balance: 96, tier: 'standard', interrupted: 'provider_timeout' },
        },
        { type: 'error', errorText: `provider_timeout: ${charged}` },
      ]),
    );
    renderChat();
    await send('Long question');
    await screen.findByText(charged);
    expect(screen.getByTestId('coach-error').textContent).not.toMatch(/nothing was charged/i);
    expect(screen.getByTestId('coach-usage').textContent).toBe('1 credit used, 96 left');
    expect(screen.getByTestId('coach-interrupted').textContent).toBe(coachMessages.interrupted.provider_timeout);
  });
});
