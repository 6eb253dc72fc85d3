import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';

/**
 * Tabs as WAI-ARIA's tabs pattern with automatic activation, as Radix's Tabs behaved here (the same roles, ids, data-state
 * and keys: arrows loop, Home and End, a tab is chosen on press or when focus reaches it; only the chosen panel's
 * content is mounted), without Radix's 8 kB gzip (tabs, roving focus, collection, presence) on /connect-anything's
 * and /sign-in's first visit (issue 15, decision 0094). The chosen tab is the one tab stop of the list.
 */
interface TabsState {
  value: string | undefined;
  choose(value: string): void;
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const tabs = useContext(TabsContext);
  if (!tabs) throw new Error(`${part} must be used within <Tabs>`);
  return tabs;
}

const ids = (baseId: string, value: string) => ({ trigger: `${baseId}-trigger-${value}`, content: `${baseId}-content-${value}` });

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?(value: string): void;
};

export function Tabs({ value, defaultValue, onValueChange, ...props }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const baseId = useId();
  const current = value ?? own;
  const choose = (next: string) => {
    if (next === current) return;
    setOwn(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ value: current, choose, baseId }}>
      <div dir="ltr" data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

/** Arrow keys, Home and End move focus among the list's enabled tabs (and so choose one). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])')];
  const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    event.key === 'ArrowRight'
      ? (at + 1) % tabs.length
      : event.key === 'ArrowLeft'
        ? (at - 1 + tabs.length) % tabs.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? tabs.length - 1
            : -1;
  if (next < 0 || at < 0) return;
  event.preventDefault();
  tabs[next]?.focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      // focusable, not a tab stop: the chosen tab is (as Radix's list before its first focus)
      tabIndex={-1}
      data-orientation="horizontal"
      className={cn('inline-flex h-10 items-center justify-center rounded-md bg-muted p-1 text-muted-foreground', className)}
      {...props}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
    />
  );
}

export function TabsTrigger({
  className,
  value,
  disabled,
  onMouseDown,
  onKeyDown,
  onFocus,
  ...props
}: ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs('TabsTrigger');
  const selected = tabs.value === value;
  const { trigger, content } = ids(tabs.baseId, value);
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      aria-controls={content}
      data-state={selected ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      id={trigger}
      tabIndex={selected ? 0 : -1}
      data-orientation="horizontal"
      className={cn(
        'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-all disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm cursor-pointer',
        className,
      )}
      {...props}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (event.defaultPrevented) return;
        // chosen on press, as Radix does; another button or a ctrl-click neither chooses nor focuses
        if (event.button === 0 && !event.ctrlKey) tabs.choose(value);
        else event.preventDefault();
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented && (event.key === ' ' || event.key === 'Enter')) tabs.choose(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!event.defaultPrevented) tabs.choose(value);
      }}
    />
  );
}

export function TabsContent({ className, value, children, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs('TabsContent');
  const selected = tabs.value === value;
  const { trigger, content } = ids(tabs.baseId, value);
  return (
    <div
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      role="tabpanel"
      aria-labelledby={trigger}
      hidden={!selected}
      id={content}
      tabIndex={0}
      className={cn('mt-4', className)}
      {...props}
    >
      {selected && children}
    </div>
  );
}
