// Jest global teardown of the server:postgres project: drops what postgres-global-setup.ts made.
import { dropPostgresTemplate } from './database-templates';

import type { Config } from '@jest/types';

export default async function tearDownPostgresTemplate(
  _globalConfig: Config.GlobalConfig,
  projectConfig: Config.ProjectConfig,
): Promise<void> {
  await dropPostgresTemplate(String(projectConfig.globals.TEST_DATABASE_URL));
}
