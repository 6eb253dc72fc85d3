import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../test/support/temp-dir.js';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE, readLockHolder } from './data-dir-lock.js';

const fresh = () => testTempDir('lockunit-');
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!; // exited by the time we use it

describe('DATA_DIR lock', () => {
  it('is held once; release frees it; the file says who holds it', () => {
    const dir = fresh();
    const lock = acquireDataDirLock(dir, 'test');
    const held = JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8'));
    expect(held).toMatchObject({ pid: process.pid, host: hostname(), command: 'test' });
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`in use by process ${process.pid} on ${hostname()}`);
    lock.setUrl('http://127.0.0.1:1234');
    expect(readLockHolder(dir)?.url).toBe('http://127.0.0.1:1234');
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock whose process is dead on this host', () => {
    const dir = fresh();
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), host: hostname(), startedAt: '2026-01-01T00:00:00Z' }));
    expect(readLockHolder(dir)).toBeUndefined();
    const lock = acquireDataDirLock(dir);
    expect(readLockHolder(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  it('never takes over a lock from another host, or one it cannot read', () => {
    const dir = fresh();
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), host: 'other-host', startedAt: '2026-01-01T00:00:00Z' }));
    expect(() => acquireDataDirLock(dir)).toThrow(/on other-host/);
    writeFileSync(path.join(dir, LOCK_FILE), 'garbage');
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it('a release never removes a lock that is no longer ours', () => {
    const dir = fresh();
    const lock = acquireDataDirLock(dir);
    const other = JSON.stringify({ pid: 1, host: hostname(), startedAt: 'x' });
    writeFileSync(path.join(dir, LOCK_FILE), other);
    lock.release();
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(other);
  });

  it('of several processes taking over one stale lock at once, exactly one wins', { timeout: 60_000 }, async () => {
    const dir = fresh();
    writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid: deadPid(), host: hostname(), startedAt: '2026-01-01T00:00:00Z' }));
    const lockModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data-dir-lock.ts');
    // All start together: each waits for the same instant (after every child has loaded), then tries. The winner
    // holds the lock until every contender has answered: on a loaded machine a child may load seconds late, and a
    // winner that had exited meanwhile (releasing its lock) would rightly let it win too.
    const at = Date.now() + 4000;
    const script = `import { acquireDataDirLock } from ${JSON.stringify(lockModule)};
      while (Date.now() < ${at}) {}
      try { acquireDataDirLock(${JSON.stringify(dir)}); console.log('got'); setInterval(() => {}, 1000); }
      catch (e) { console.log(e.constructor.name); }`;
    const children: ChildProcess[] = [];
    const contenders = Array.from(
      { length: 4 },
      () =>
        new Promise<string>((resolve) => {
          const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          children.push(child);
          let out = '';
          child.stdout.on('data', (c: Buffer) => {
            out += c.toString();
            if (out.includes('\n')) resolve(out.trim());
          });
          child.on('exit', () => resolve(out.trim()));
        }),
    );
    try {
      const results = (await Promise.all(contenders)).sort();
      expect(results).toEqual(['DataDirLockedError', 'DataDirLockedError', 'DataDirLockedError', 'got']);
    } finally {
      for (const child of children) child.kill();
    }
  });
});
