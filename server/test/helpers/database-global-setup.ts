// Jest global set-up of the server projects: makes this run's migrated database template (database-templates.ts).
import { createPgliteTemplateFile, createPostgresTemplate } from './database-templates';

import type { Config } from '@jest/types';

export default async function setUpDatabaseTemplate(
  _globalConfig: Config.GlobalConfig,
  projectConfig: Config.ProjectConfig,
): Promise<void> {
  const serverUrl = String(projectConfig.globals.TEST_DATABASE_URL ?? '');
  if (serverUrl) await createPostgresTemplate(serverUrl);
  else await createPgliteTemplateFile();
}
