// Jest global set-up of the server:pglite project: this run's migrated PGlite template (database-templates.ts).
// Each server project has set-up files of its own: jest runs a global set-up module once per run, for the first
// project naming it, so one file shared by both projects made only one of the two templates.
import { createPgliteTemplateFile } from './database-templates';

export default async function setUpPgliteTemplate(): Promise<void> {
  await createPgliteTemplateFile();
}
