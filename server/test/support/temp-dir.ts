import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/**
 * A new folder under TMPDIR for the running test, removed when the test ends: npm test puts TMPDIR in memory
 * (/dev/shm, docs/decisions/0207), where a folder left behind is memory lost until the next reboot.
 */
export function testTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
