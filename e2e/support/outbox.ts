import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The mails a server wrote to its development outbox (DATA_DIR/outbox.jsonl); none yet is an empty list. */
export function readOutbox(dataDir: string = process.env.E2E_DATA_DIR!): OutboxMail[] {
  try {
    return readFileSync(path.join(dataDir, 'outbox.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as OutboxMail);
  } catch {
    return [];
  }
}
