// Jest global set-up of the server:postgres project: this run's migrated template database on the Postgres server
// (database-templates.ts), which each test's database is copied from. See pglite-global-setup.ts for why the
// projects do not share one set-up file.
import { createPostgresTemplate } from './database-templates';

import type { Config } from '@jest/types';

export default async function setUpPostgresTemplate(
  _globalConfig: Config.GlobalConfig,
  projectConfig: Config.ProjectConfig,
): Promise<void> {
  await createPostgresTemplate(String(projectConfig.globals.TEST_DATABASE_URL));
}
