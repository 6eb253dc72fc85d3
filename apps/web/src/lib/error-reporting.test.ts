// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorReporting, toReport, type ClientErrorReport } from './error-reporting';

describe('error reporting', () => {
  let uninstall: (() => void) | undefined;
  afterEach(() => uninstall?.());

  it('reports type, message, stack and the path only', () => {
    const r = toReport(new TypeError('x is undefined'), '/dashboard');
    expect(r).toMatchObject({ type: 'TypeError', message: 'x is undefined', path: '/dashboard' });
    expect(Object.keys(r).sort()).toEqual(['message', 'path', 'stack', 'type']);
    expect(toReport('plain text', '/').message).toBe('plain text');
  });

  it('sends uncaught errors and unhandled rejections once each, at most ten per page', () => {
    const sent: ClientErrorReport[] = [];
    uninstall = installErrorReporting((r) => sent.push(r));
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom'), message: 'boom' }));
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom'), message: 'boom' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new RangeError('late') });
    window.dispatchEvent(rejection);
    expect(sent.map((r) => `${r.type}:${r.message}`)).toEqual(['Error:boom', 'RangeError:late']);
    for (let i = 0; i < 20; i++) window.dispatchEvent(new ErrorEvent('error', { error: new Error(`e${i}`) }));
    expect(sent).toHaveLength(10);
  });
});
