// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './button';
import { Slot } from './slot';

afterEach(cleanup);

describe('Slot', () => {
  it('renders the child element with the slot props merged in, the child winning', () => {
    render(
      <Slot className="a" title="slot" data-x="1" style={{ color: 'red', margin: 1 }}>
        <a href="/x" className="b" title="child" style={{ color: 'blue' }}>
          link
        </a>
      </Slot>,
    );
    const a = screen.getByRole('link', { name: 'link' });
    expect(a.tagName).toBe('A');
    expect(a.getAttribute('href')).toBe('/x');
    expect(a.className).toBe('a b');
    expect(a.title).toBe('child');
    expect(a.dataset.x).toBe('1');
    expect(a.getAttribute('style')).toBe('color: blue; margin: 1px;');
  });

  it('runs both click handlers, the child first, and sets both refs', () => {
    const calls: string[] = [];
    const slotRef = createRef<HTMLElement>();
    const childRef = createRef<HTMLButtonElement>();
    render(
      <Slot ref={slotRef} onClick={() => calls.push('slot')}>
        <button type="button" ref={childRef} onClick={() => calls.push('child')}>
          go
        </button>
      </Slot>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(calls).toEqual(['child', 'slot']);
    expect(slotRef.current).toBe(screen.getByRole('button', { name: 'go' }));
    expect(childRef.current).toBe(slotRef.current);
  });

  it("is Button's asChild: the link gets the button's classes", () => {
    render(
      <Button asChild size="lg" className="h-13">
        <a href="/join">Join</a>
      </Button>,
    );
    const a = screen.getByRole('link', { name: 'Join' });
    expect(a.dataset.slot).toBe('button');
    expect(a.className).toContain('h-13');
    expect(a.className).not.toContain('h-12');
  });
});
