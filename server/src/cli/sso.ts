// `npm run sso -- …`: manages single sign-on connections in the app's database (the same settings as the
// server). With embedded PGlite, stop the server first: only one process can open its data folder.
import { ConfigError, loadConfig } from '../config';
import { migrateToLatest } from '../db/migrate';
import { databaseTargetFromConfig, openDatabase } from '../db/open-database';

import { runSsoCommand } from './sso-command';

async function main(): Promise<number> {
  const config = loadConfig();
  const { db } = await openDatabase(databaseTargetFromConfig(config), {
    error: (_details, message) => process.stderr.write(`${message}\n`),
  });
  try {
    await migrateToLatest(db);
    return await runSsoCommand(db, process.argv.slice(2), {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : error.stack}\n`);
    process.exit(1);
  },
);
