import type { BenchOptions } from '../lib/options.js';
import type { WebPart } from '../lib/types.js';
export async function runWebPart(_o: BenchOptions): Promise<WebPart> {
  throw new Error('todo');
}
