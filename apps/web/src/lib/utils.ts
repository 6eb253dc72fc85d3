import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { classMergeConfig } from './class-merge-config.generated';

// twMerge with only the class groups this app uses: the same merge (lib/class-merge.integration.test.ts), ~6 kB gzip less in
// the entry every first visit loads (decision 0092).
const merge = createTailwindMerge(() => classMergeConfig);

export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
