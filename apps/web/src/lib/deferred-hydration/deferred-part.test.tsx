// @vitest-environment jsdom
import { act, useContext, useState, type ComponentType } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeferredBlock } from '@/components/ui/deferred-block';
import { ConsentContext, type ConsentContextValue } from '@/lib/consent/consent-context';
import { deferredPart, type DeferredPart } from './deferred-part';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const consent = (functional: boolean) => ({ consent: { functional } }) as unknown as ConsentContextValue;

/** Shows what it reads from a context that changes after hydration, and counts its clicks. */
function Section() {
  const functional = useContext(ConsentContext)?.consent.functional;
  const [clicks, setClicks] = useState(0);
  return (
    <section>
      <p>{functional ? 'allowed' : 'not allowed'}</p>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        clicked {clicks}
      </button>
    </section>
  );
}

const App = ({ part, functional }: { part: DeferredPart; functional: boolean }) => (
  <ConsentContext.Provider value={consent(functional)}>
    <main>
      <DeferredBlock part={part} />
    </main>
  </ConsentContext.Provider>
);

let container: HTMLDivElement;
let root: Root | undefined;
let errors: unknown[];
let release: (c: ComponentType) => void;
let part: DeferredPart;

beforeEach(async () => {
  // Never near the viewport: only load() or an interaction brings the code.
  globalThis.IntersectionObserver = class {
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
  const onServer = deferredPart(async () => Section);
  await onServer.load();
  container = document.createElement('div');
  container.innerHTML = renderToString(<App part={onServer} functional={false} />);
  document.body.append(container);
  errors = [];
  part = deferredPart(() => new Promise<ComponentType>((r) => (release = r)));
  await act(async () => {
    root = hydrateRoot(container, <App part={part} functional={false} />, { onRecoverableError: (e) => errors.push(e) });
  });
});

afterEach(() => {
  act(() => root?.unmount());
  container.remove();
});

describe('a deferred part of a prerendered page', () => {
  it('keeps its prerendered nodes through a context change, then hydrates them with the live value once loaded', async () => {
    const section = container.querySelector('section');
    await act(async () => root!.render(<App part={part} functional />));
    expect(container.querySelector('section')).toBe(section);
    expect(section?.textContent).toContain('not allowed'); // still the prerendered HTML: no code yet
    expect(container.querySelector('[data-deferred]')?.getAttribute('data-deferred')).toBe('waiting');

    void part.load();
    await act(async () => release(Section));
    expect(container.querySelector('section')).toBe(section);
    expect(section?.textContent).toContain('allowed');
    expect(section?.textContent).not.toContain('not allowed');
    expect(container.querySelector('[data-deferred]')?.getAttribute('data-deferred')).toBe('hydrated');
    await act(async () => container.querySelector('button')!.click());
    expect(section?.textContent).toContain('clicked 1');
    expect(errors).toEqual([]);
  });

  it('holds a click made before it has hydrated and makes it again after', async () => {
    await act(async () => container.querySelector('button')!.click());
    expect(container.querySelector('button')?.textContent).toBe('clicked 0');
    await act(async () => release(Section)); // the click asked for the code
    await waitFor(() => expect(container.querySelector('button')?.textContent).toBe('clicked 1'));
    expect(errors).toEqual([]);
  });
});
