// npm run gen:class-merge: writes apps/web/src/lib/class-merge-config.generated.ts, the class groups cn() merges (run after
// using a new kind of Tailwind class; a unit test fails while the committed file differs). Decision 0092.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CLASS_MERGE_CONFIG_FILE, generateClassMergeConfig } from './class-merge-config.ts';

writeFileSync(CLASS_MERGE_CONFIG_FILE, generateClassMergeConfig());
console.log(`wrote ${path.relative(process.cwd(), CLASS_MERGE_CONFIG_FILE)}`);
