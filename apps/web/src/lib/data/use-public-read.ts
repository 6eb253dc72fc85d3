import { startTransition, useEffect, useState } from 'react';
import { READ_RETRIES } from './read-policy';

/**
 * A public page's read without TanStack Query (11.5 kB gzip with its client): /connect-anything's catalogue on a first
 * visit (issue 15, decision 0094). What the page relied on is kept: answers are cached per key for `staleMs`, one
 * request per key at a time, two retries after 1 and 2 s (lib/data/query-client's defaults), and the previous key's
 * answer stays on screen while the next one loads (TanStack's keepPreviousData).
 */
export interface PublicRead<T> {
  /** This key's answer, or while it loads the previous key's (undefined before the first answer). */
  data: T | undefined;
  /** Nothing to show yet: no answer for this key nor a previous one, and no error. */
  isPending: boolean;
  /** A request for this key is under way. */
  isFetching: boolean;
  /** This key's read failed after its retries. */
  isError: boolean;
}

interface Entry {
  running?: Promise<unknown>;
  value?: { data: unknown; at: number };
}

const entries = new Map<string, Entry>();
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withRetries<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (err) {
      if (attempt >= READ_RETRIES) throw err;
      await wait(1000 * 2 ** attempt);
    }
  }
}

const fresh = (key: string, staleMs: number) => {
  const v = entries.get(key)?.value;
  return v && Date.now() - v.at < staleMs ? v : undefined;
};

/** Reads `key` unless its answer is younger than staleMs; callers at the same time share one request. */
export function readOnce<T>(key: string, read: () => Promise<T>, staleMs: number): Promise<T> {
  const hit = fresh(key, staleMs);
  if (hit) return Promise.resolve(hit.data as T);
  const known = entries.get(key);
  if (known?.running) return known.running as Promise<T>;
  const entry: Entry = { value: known?.value };
  const running = withRetries(read).then(
    (data) => {
      entry.value = { data, at: Date.now() };
      entry.running = undefined;
      return data;
    },
    (err: unknown) => {
      entry.running = undefined;
      throw err;
    },
  );
  entry.running = running;
  entries.set(key, entry);
  return running;
}

/** Forgets every cached answer (tests). */
export const forgetPublicReads = () => entries.clear();

interface State<T> {
  /** The key whose read settled last (null before any). */
  key: string | null;
  data: T | undefined;
  failed: boolean;
}

/**
 * The answer to `read` for `key` (a string naming everything the read depends on). The first render has no answer,
 * on the server as in the browser, so a prerendered page hydrates its loading state and reads after.
 */
export function usePublicRead<T>(key: string, read: () => Promise<T>, staleMs: number): PublicRead<T> {
  const [state, setState] = useState<State<T>>({ key: null, data: undefined, failed: false });
  useEffect(() => {
    let live = true;
    // A transition: React renders what arrived (a page of cards) in slices, yielding to the browser between them,
    // not in one long task (Lighthouse's TBT on phones, issue 15).
    const settle = (next: State<T>) => live && startTransition(() => setState(next));
    readOnce(key, read, staleMs).then(
      (data) => settle({ key, data, failed: false }),
      () => settle({ key, data: undefined, failed: true }),
    );
    return () => {
      live = false;
    };
    // `read` is a new function each render; the key names what it reads
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, staleMs]);
  const isError = state.key === key && state.failed;
  return { data: state.data, isPending: state.data === undefined && !isError, isFetching: state.key !== key, isError };
}
