// Jest global teardown of the server projects: removes what database-global-setup.ts made.
import { dropPostgresTemplate, removePgliteTemplateFile } from './database-templates';

import type { Config } from '@jest/types';

export default async function tearDownDatabaseTemplate(
  _globalConfig: Config.GlobalConfig,
  projectConfig: Config.ProjectConfig,
): Promise<void> {
  const serverUrl = String(projectConfig.globals.TEST_DATABASE_URL ?? '');
  if (serverUrl) await dropPostgresTemplate(serverUrl);
  else await removePgliteTemplateFile();
}
