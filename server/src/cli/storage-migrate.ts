// `npm run storage:migrate [-- --from <folder>]`: copies the disk store into the S3 bucket and checks every
// object's hash (storage-migrate-command.ts has the details; --help prints them).
import { runFromTerminal } from './cli-support';
import { runStorageMigrateCli } from './storage-migrate-command';

runFromTerminal(runStorageMigrateCli);
