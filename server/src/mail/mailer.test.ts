import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../log.js';
import { createMailer } from './mailer.js';

const log = { info() {}, error() {}, warn() {} } as unknown as Logger;
const mail = (to: string) => ({ to, subject: 's', text: 't', html: '<p>h</p>' });

describe('development outbox', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('keeps every mail, newest first, and makes its folder again when it was removed', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    dirs.push(root);
    const dataDir = path.join(root, 'data');
    const mailer = createMailer({ DATA_DIR: dataDir, MAIL_FROM: 'a@b.c' }, log);
    await Promise.all([mailer.send(mail('1@x.y')), mailer.send(mail('2@x.y'))]);
    expect((await mailer.outbox()).map((m) => m.to).sort()).toEqual(['1@x.y', '2@x.y']);
    rmSync(dataDir, { recursive: true });
    await mailer.send(mail('3@x.y'));
    expect((await mailer.outbox()).map((m) => m.to)).toEqual(['3@x.y']);
  });

  it('writes several mails at once with one outcome each', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    dirs.push(root);
    const mailer = createMailer({ DATA_DIR: root, MAIL_FROM: 'a@b.c' }, log);
    await mailer.send(mail('0@x.y'));
    const outcomes = await mailer.sendAll([mail('1@x.y'), mail('2@x.y')]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: undefined },
      { status: 'fulfilled', value: undefined },
    ]);
    expect(await mailer.sendAll([])).toEqual([]);
    const box = await mailer.outbox();
    expect(box.map((m) => m.to)).toEqual(['2@x.y', '1@x.y', '0@x.y']);
    expect(new Set(box.map((m) => m.id)).size).toBe(3);
  });
});
