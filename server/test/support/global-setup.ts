import type { TestProject } from 'vitest/node';
import { ensurePgliteTemplate, ensurePgTemplate } from './db-template.js';

/** vitest globalSetup of the service projects: build the migrated template once, before any test file starts. */
export default async function setup(project: TestProject): Promise<void> {
  if (project.config.env?.SERVICE_DB === 'postgres') await ensurePgTemplate();
  else await ensurePgliteTemplate();
}
