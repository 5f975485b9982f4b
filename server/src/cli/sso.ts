// `npm run sso -- …`: manages single sign-on connections in the app's database (the same settings as the
// server). With embedded PGlite, stop the server first: only one process can open its data folder.
import { runFromTerminal } from './cli-support';
import { runSsoCli } from './sso-command';

runFromTerminal(runSsoCli);
