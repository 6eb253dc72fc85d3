// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

afterEach(cleanup);

function Three({ onChange }: { onChange?: (v: string) => void }) {
  const [tab, setTab] = useState('one');
  return (
    <Tabs
      value={tab}
      onValueChange={(v) => {
        setTab(v);
        onChange?.(v);
      }}
    >
      <TabsList>
        <TabsTrigger value="one">One</TabsTrigger>
        <TabsTrigger value="two">Two</TabsTrigger>
        <TabsTrigger value="three" disabled>
          Three
        </TabsTrigger>
      </TabsList>
      <TabsContent value="one">first panel</TabsContent>
      <TabsContent value="two">second panel</TabsContent>
      <TabsContent value="three">third panel</TabsContent>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('links each tab to its panel and mounts only the chosen panel', () => {
    render(<Three />);
    expect(tab('One').getAttribute('aria-selected')).toBe('true');
    expect(tab('One').tabIndex).toBe(0);
    expect(tab('Two').tabIndex).toBe(-1);
    const panel = screen.getByRole('tabpanel');
    expect(panel.id).toBe(tab('One').getAttribute('aria-controls'));
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('One').id);
    expect(panel.textContent).toBe('first panel');
    expect(screen.queryByText('second panel')).toBeNull();
  });

  it('chooses a tab on a left press, not on another button', () => {
    render(<Three />);
    fireEvent.mouseDown(tab('Two'), { button: 2 });
    expect(tab('Two').getAttribute('aria-selected')).toBe('false');
    fireEvent.mouseDown(tab('Two'), { button: 0 });
    expect(tab('Two').getAttribute('data-state')).toBe('active');
    expect(screen.getByRole('tabpanel').textContent).toBe('second panel');
  });

  it('moves focus with the arrow keys, looping and skipping disabled tabs, and chooses the focused tab', () => {
    const chosen: string[] = [];
    render(<Three onChange={(v) => chosen.push(v)} />);
    tab('One').focus();
    fireEvent.keyDown(tab('One'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Two'));
    fireEvent.keyDown(tab('Two'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('One'));
    fireEvent.keyDown(tab('One'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Two'));
    fireEvent.keyDown(tab('Two'), { key: 'Home' });
    expect(chosen).toEqual(['two', 'one', 'two', 'one']);
  });

  it('works uncontrolled from a default value', () => {
    render(
      <Tabs defaultValue="b">
        <TabsList>
          <TabsTrigger value="a">A</TabsTrigger>
          <TabsTrigger value="b">B</TabsTrigger>
        </TabsList>
        <TabsContent value="a">panel a</TabsContent>
        <TabsContent value="b">panel b</TabsContent>
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel').textContent).toBe('panel b');
    fireEvent.keyDown(tab('A'), { key: 'Enter' });
    expect(screen.getByRole('tabpanel').textContent).toBe('panel a');
  });
});
