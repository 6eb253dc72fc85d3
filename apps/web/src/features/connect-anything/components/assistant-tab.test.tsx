// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AssistantTab } from './assistant-tab';

vi.mock('../api/integrations', () => ({
  fetchCatalogueIndex: async () => [
    { id: 'slack', name: 'Slack', category: 'communication', connections: 10, rating: 4.8, description: '', icon: '', popular: true, actions: ['Send message', 'b', 'c', 'd'], website: null, builtin: true },
    { id: 'hubspot', name: 'HubSpot', category: 'crm', connections: 9, rating: 4.8, description: '', icon: '', popular: true, actions: ['Create contact', 'b', 'c', 'd'], website: null, builtin: true },
  ],
}));

afterEach(() => vi.useRealTimers());

describe('AssistantTab', () => {
  it('greets, then answers from the catalogue one second after a message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AssistantTab />
      </QueryClientProvider>,
    );
    expect(screen.getByText(/I'm the Integration Assistant/)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Message the Integration Assistant' }), { target: { value: 'Which apps connect to Slack?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getAllByTestId('chat-assistant')).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getAllByTestId('chat-assistant')[1]!.textContent).toMatch(/^Slack \(Communication\) pairs well with HubSpot/);
  });
});
