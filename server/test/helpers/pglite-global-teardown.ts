// Jest global teardown of the server:pglite project: removes what pglite-global-setup.ts made.
import { removePgliteTemplateFile } from './database-templates';

export default async function tearDownPgliteTemplate(): Promise<void> {
  await removePgliteTemplateFile();
}
