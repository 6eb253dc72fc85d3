// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheGuard, QueryCacheGuard } from './query-cache-guard';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;
const auth = vi.hoisted(() => ({ listeners: [] as Listener[], user: null as string | null }));
vi.mock('./supabase', () => ({
  loadSupabase: async () => ({
    auth: {
      onAuthStateChange(fn: Listener) {
        auth.listeners.push(fn);
        fn('INITIAL_SESSION', session(auth.user)); // as supabase-js does on subscribing
        return { data: { subscription: { unsubscribe: () => auth.listeners.splice(auth.listeners.indexOf(fn), 1) } } };
      },
    },
  }),
}));

function session(userId: string | null): Session | null {
  return userId ? ({ user: { id: userId } } as Session) : null;
}
function emit(event: AuthChangeEvent, userId: string | null) {
  auth.user = userId;
  act(() => auth.listeners.forEach((fn) => fn(event, session(userId))));
}

// A view whose key does not carry the user (as many do): only the guard keeps one person's rows from the next.
const PROFILES: Record<string, string> = { alice: "Alice's Bakery", bob: "Bob's Garage" };
function BusinessName() {
  const q = useQuery({
    queryKey: ['business-profile'],
    queryFn: async () => (auth.user ? PROFILES[auth.user] : 'nobody'),
    staleTime: Infinity,
  });
  return <p>{q.data ?? 'loading'}</p>;
}

afterEach(() => {
  cleanup();
  auth.listeners.length = 0;
  auth.user = null;
});

describe('cacheGuard', () => {
  it('clears on sign-out and on a different user, not on refreshes of the same user', () => {
    const clear = vi.fn();
    const on = cacheGuard(clear);
    on('INITIAL_SESSION', session('alice'));
    on('TOKEN_REFRESHED', session('alice'));
    on('USER_UPDATED', session('alice'));
    expect(clear).not.toHaveBeenCalled();
    on('SIGNED_IN', session('bob'));
    expect(clear.mock.calls).toEqual([[true]]);
    on('SIGNED_OUT', null); // the views on screen belong to the ended session: no refetch with its token
    expect(clear.mock.calls).toEqual([[true], [false]]);
    on('SIGNED_IN', session('alice')); // signed out -> signed in: what was fetched signed out is dropped too
    expect(clear.mock.calls).toEqual([[true], [false], [true]]);
  });
});

describe('QueryCacheGuard', () => {
  it('A signs in and loads, signs out, B signs in on the same tab: B never sees A’s cached rows', async () => {
    auth.user = 'alice';
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Every time the cache tells its views something, what it holds must belong to whoever is signed in now.
    const wrong: string[] = [];
    const observer = qc.getQueryCache().subscribe(() => {
      const d = qc.getQueryData<string>(['business-profile']);
      if (d !== undefined && d !== (auth.user ? PROFILES[auth.user] : 'nobody')) wrong.push(`${auth.user} saw ${d}`);
    });
    render(
      <QueryClientProvider client={qc}>
        <QueryCacheGuard />
        <BusinessName />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("Alice's Bakery")).toBeTruthy();
    await act(async () => {}); // the guard subscribes once supabase-js has loaded

    qc.setQueryData(['conversations'], ['alice: my plans']); // cached by a view no longer on screen
    emit('SIGNED_OUT', null);
    expect(qc.getQueryData(['conversations'])).toBeUndefined();
    expect(await screen.findByText('loading')).toBeTruthy(); // data gone, and not fetched again for nobody
    emit('SIGNED_IN', 'bob');
    expect(await screen.findByText("Bob's Garage")).toBeTruthy();

    // Without a sign-out in between (a second person signing in over the first), the same holds.
    emit('SIGNED_IN', 'alice');
    expect(await screen.findByText("Alice's Bakery")).toBeTruthy();
    expect(wrong).toEqual([]);
    observer();
  });

  it('stops listening when unmounted', async () => {
    const qc = new QueryClient();
    const view = render(
      <QueryClientProvider client={qc}>
        <QueryCacheGuard />
      </QueryClientProvider>,
    );
    await act(async () => {});
    expect(auth.listeners).toHaveLength(1);
    view.unmount();
    expect(auth.listeners).toHaveLength(0);
  });
});
