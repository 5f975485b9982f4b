// `npm run issuers -- …`: the operator verifies who an account is, by hand. With embedded PGlite, stop the server
// first: only one process can open its data folder.
import { runFromTerminal } from './cli-support';
import { runIssuersCli } from './issuers-command';

runFromTerminal(runIssuersCli);
