import { describe, expect, it } from 'vitest';
import { exportFileName } from './profile';

describe('data export file name', () => {
  it("keeps the server's dated name, else makes one, never a path", () => {
    expect(exportFileName('attachment; filename="vibe-business-coach-data-2026-05-04.zip"')).toBe(
      'vibe-business-coach-data-2026-05-04.zip',
    );
    const today = new Date('2026-05-04T12:00:00Z');
    expect(exportFileName(null, today)).toBe('my-data-2026-05-04.zip');
    expect(exportFileName('attachment; filename="../evil.zip"', today)).toBe('my-data-2026-05-04.zip');
  });
});
