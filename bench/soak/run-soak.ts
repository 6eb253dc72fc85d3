import type { BenchOptions } from '../lib/options.js';
import type { SoakPart } from '../lib/types.js';
export async function runSoakPart(_o: BenchOptions): Promise<SoakPart> {
  throw new Error('todo');
}
