// `npm run backup [-- --to <folder>]`: copies a stopped single-process installation (PGlite database, documents,
// generated seal key) into a timestamped folder (backup-command.ts has the details; --help prints them).
import { runBackupCli } from './backup-command';
import { runFromTerminal } from './cli-support';

runFromTerminal(runBackupCli);
