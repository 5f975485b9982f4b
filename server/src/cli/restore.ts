// `npm run restore -- --from <snapshot or backup>`: puts a snapshot or backup back into a stopped installation.
import { runFromTerminal } from './cli-support';
import { runRestoreCli } from './restore-command';

runFromTerminal(runRestoreCli);
