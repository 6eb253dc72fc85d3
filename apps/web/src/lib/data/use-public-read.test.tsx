// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPublicReads, readOnce, usePublicRead } from './use-public-read';

afterEach(() => {
  cleanup();
  forgetPublicReads();
  vi.useRealTimers();
});

function Show({ k, read }: { k: string; read: () => Promise<string> }) {
  const r = usePublicRead(k, read, 60_000);
  return <p>{`${r.data ?? 'none'} pending=${r.isPending} fetching=${r.isFetching} error=${r.isError}`}</p>;
}

const settle = () => act(async () => {});

describe('usePublicRead', () => {
  it('renders pending first (as the prerender), then the answer', async () => {
    render(<Show k="a" read={async () => 'A'} />);
    expect(screen.getByText('none pending=true fetching=true error=false')).toBeTruthy();
    await settle();
    expect(screen.getByText('A pending=false fetching=false error=false')).toBeTruthy();
  });

  it('keeps the previous answer on screen while the next key loads', async () => {
    let release: (v: string) => void = () => {};
    const { rerender } = render(<Show k="p1" read={async () => 'page 1'} />);
    await settle();
    rerender(<Show k="p2" read={() => new Promise<string>((r) => (release = r))} />);
    expect(screen.getByText('page 1 pending=false fetching=true error=false')).toBeTruthy();
    await act(async () => release('page 2'));
    expect(screen.getByText('page 2 pending=false fetching=false error=false')).toBeTruthy();
  });

  it('reads a key once while its answer is fresh, and shares a request under way', async () => {
    const read = vi.fn(async () => 'x');
    await Promise.all([readOnce('k', read, 1000), readOnce('k', read, 1000)]);
    await readOnce('k', read, 1000);
    expect(read).toHaveBeenCalledTimes(1);
    await readOnce('k', read, 0); // stale at once: read again
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('retries twice, 1 s and 2 s apart, then reports the error', async () => {
    vi.useFakeTimers();
    const read = vi.fn(async (): Promise<string> => {
      throw new Error('down');
    });
    render(<Show k="e" read={read} />);
    await act(async () => {});
    expect(read).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(read).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(read).toHaveBeenCalledTimes(3);
    expect(screen.getByText('none pending=false fetching=false error=true')).toBeTruthy();
  });

  it('succeeds when a retry does', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const p = readOnce('r', async () => (++calls < 2 ? Promise.reject(new Error('blip')) : 'ok'), 1000);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(p).resolves.toBe('ok');
  });
});
