// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Switch } from './switch';

afterEach(cleanup);

describe('Switch', () => {
  it('reports the toggled value and shows the state it is given', () => {
    const onChange = vi.fn();
    const { rerender } = render(<Switch aria-label="Popular" checked={false} onCheckedChange={onChange} />);
    const sw = screen.getByRole('switch', { name: 'Popular' });
    expect(sw.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(sw);
    expect(onChange).toHaveBeenCalledWith(true);
    expect(sw.getAttribute('aria-checked')).toBe('false'); // controlled: the owner decides
    rerender(<Switch aria-label="Popular" checked onCheckedChange={onChange} />);
    expect(sw.dataset.state).toBe('checked');
    expect(sw.querySelector('span')?.dataset.state).toBe('checked');
  });

  it('toggles itself when uncontrolled, and not when disabled', () => {
    render(
      <>
        <Switch aria-label="Own" />
        <Switch aria-label="Off" disabled />
      </>,
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Own' }));
    expect(screen.getByRole('switch', { name: 'Own' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('switch', { name: 'Off' }));
    expect(screen.getByRole('switch', { name: 'Off' }).getAttribute('aria-checked')).toBe('false');
  });
});
